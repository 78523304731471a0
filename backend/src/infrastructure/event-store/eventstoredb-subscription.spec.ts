import type { AllStreamResolvedEvent, EventStoreDBClient, Position } from '@eventstore/db-client';
import type { RecordedEvent } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { EventStoreDbSubscription, type ResubscribePolicy } from './eventstoredb-subscription';

type SubscribeToAll = EventStoreDBClient['subscribeToAll'];

function resolved(streamId: string, type: string, revision: number, position: number): AllStreamResolvedEvent {
  const at = BigInt(position);
  return {
    event: {
      streamId,
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      revision: BigInt(revision),
      type,
      data: { position },
      metadata: { correlationId: 'c-1', occurredAt: '2025-03-14T09:26:53.589Z', schemaVersion: 1 },
      isJson: true,
      created: new Date(0),
      position: { commit: at, prepare: at },
    },
  } as AllStreamResolvedEvent;
}

/**
 * Stands in for the gRPC client, which needs a server: each subscribeToAll call plays the next
 * scripted connection (events, then an optional drop) and records where it was asked to start.
 * The adapter's own store-level behaviour is covered by the contract suite against a real server.
 */
class ScriptedClient {
  readonly startedFrom: Array<Position | 'start'> = [];
  constructor(private readonly connections: Array<{ events: AllStreamResolvedEvent[]; dropWith?: Error }>) {}

  subscribeToAll: SubscribeToAll = (options) => {
    const from = options?.fromPosition;
    this.startedFrom.push(from === undefined || from === 'start' || from === 'end' ? 'start' : from);
    const connection = this.connections.shift() ?? { events: [], dropWith: new Error('connection refused') };
    let unsubscribed = false;
    let release: () => void = () => undefined;
    const iterate = async function* () {
      for (const event of connection.events) yield event;
      if (connection.dropWith) throw connection.dropWith;
      // A healthy live subscription waits for more events until unsubscribed.
      if (!unsubscribed) await new Promise<void>((resolve) => (release = resolve));
    };
    return {
      [Symbol.asyncIterator]: iterate,
      unsubscribe: async () => {
        unsubscribed = true;
        release();
      },
    } as unknown as ReturnType<SubscribeToAll>;
  };
}

const fastPolicy: ResubscribePolicy = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 5 };


describe('EventStoreDbSubscription', () => {
  it('resubscribes from the last delivered position after a drop and skips what it already delivered', async () => {
    const client = new ScriptedClient([
      {
        events: [resolved('call-1', 'CallPlaced', 0, 100), resolved('call-1', 'CallRang', 1, 200)],
        dropWith: new Error('14 UNAVAILABLE'),
      },
      // The server may replay the event at the start position: it must not be delivered twice.
      { events: [resolved('call-1', 'CallRang', 1, 200), resolved('call-1', 'CallAnswered', 2, 300)] },
    ]);
    const received: RecordedEvent[] = [];
    const subscription = new EventStoreDbSubscription(
      client,
      (event) => void received.push(event),
      {},
      fastPolicy,
      () => undefined,
    );
    await eventually('three events delivered', () => received.length === 3);
    await subscription.close();

    expect(received.map((event) => event.position)).toEqual([100, 200, 300]);
    expect(client.startedFrom).toEqual(['start', { commit: 200n, prepare: 200n }]);
    expect(subscription.lastPosition).toBe(300);
  });

  it('leaves out system streams and event types', async () => {
    const client = new ScriptedClient([
      {
        events: [
          resolved('$stats-127.0.0.1:2113', 'StatsCollected', 0, 10),
          resolved('call-2', '$metadata', 0, 20),
          resolved('call-2', 'CallPlaced', 0, 30),
        ],
      },
    ]);
    const received: RecordedEvent[] = [];
    const subscription = new EventStoreDbSubscription(
      client,
      (event) => void received.push(event),
      { fromPosition: 5 },
      fastPolicy,
      () => undefined,
    );
    await eventually('one event delivered', () => received.length === 1);
    await subscription.close();
    expect(received[0]).toMatchObject({ streamId: 'call-2', type: 'CallPlaced', revision: 0, position: 30 });
    expect(client.startedFrom).toEqual([{ commit: 5n, prepare: 5n }]);
  });

  it('gives up after the allowed consecutive failures and reports through onError', async () => {
    const client = new ScriptedClient([]);
    const errors: Error[] = [];
    let stopped = false;
    new EventStoreDbSubscription(
      client,
      () => undefined,
      { onError: (error) => errors.push(error) },
      fastPolicy,
      () => {
        stopped = true;
      },
    );
    await eventually('the subscription to stop', () => stopped);
    expect(errors.map((error) => error.message)).toEqual(['connection refused']);
    expect(client.startedFrom).toHaveLength(fastPolicy.maxAttempts + 1);
  });

  it('stops without retrying when the handler throws', async () => {
    const client = new ScriptedClient([
      { events: [resolved('call-3', 'CallPlaced', 0, 40), resolved('call-3', 'CallRang', 1, 50)] },
    ]);
    const errors: Error[] = [];
    const subscription = new EventStoreDbSubscription(
      client,
      () => {
        throw new Error('projection failed');
      },
      { onError: (error) => errors.push(error) },
      fastPolicy,
      () => undefined,
    );
    await eventually('the error report', () => errors.length === 1);
    await subscription.close();
    expect(errors[0]!.message).toBe('projection failed');
    expect(client.startedFrom).toHaveLength(1);
    expect(subscription.lastPosition).toBeUndefined();
  });
});
