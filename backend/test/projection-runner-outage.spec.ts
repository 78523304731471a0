import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkpointOf,
  defineProjection,
  type EventStore,
  eventUnion,
  ProjectionRunner,
  type ReadStore,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  StoreUnavailableError,
  withoutBookkeeping,
} from '@ringcheck/projections';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { EmbeddedReadStore } from '../src/infrastructure/read-store';

interface CountDoc {
  _id: string;
  count: number;
  [key: string]: unknown;
}

const counts = defineProjection<CountDoc, { type: 'Counted'; data: object }>({
  name: 'stream_counts',
  version: 1,
  events: eventUnion('counter', { Counted: true }),
  documentId: (event) => event.streamId,
  evolve: (doc, event) => ({ _id: event.streamId, count: (doc?.count ?? 0) + 1 }),
});

const counted = () => ({
  id: randomUUID(),
  type: 'Counted',
  data: {},
  metadata: { correlationId: 'test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/** The read store, whose collections (those `affected`) refuse every call, as a stopped server would, while `outage.down`. */
function readStoreWithOutage(inner: ReadStore, affected: (collection: string) => boolean = () => true) {
  const outage = { down: false };
  const refusing = <T extends object>(target: T, collection?: string): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key, object);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'collection') return refusing(value.apply(object, args), args[0] as string);
          if (outage.down && collection !== undefined && affected(collection)) {
            return Promise.reject(new StoreUnavailableError('read_store', 'test', 'connection refused'));
          }
          return value.apply(object, args);
        };
      },
    });
  return { store: refusing(inner), outage };
}

/**
 * The event store, whose live subscription can be dropped as an adapter drops it after giving up
 * resubscribing; while `down`, a new subscription drops at once.
 */
class DroppingEventStore implements EventStore {
  down = false;
  subscriptions: Array<{ fromPosition: number | undefined }> = [];
  private current: { inner: Subscription; onError?: (error: Error) => void } | undefined;

  constructor(private readonly inner: EventStore) {}

  get adapterName() {
    return this.inner.adapterName;
  }
  appendToStream: EventStore['appendToStream'] = (...args) => this.inner.appendToStream(...args);
  readStream: EventStore['readStream'] = (...args) => this.inner.readStream(...args);
  readAll: EventStore['readAll'] = (...args) => this.inner.readAll(...args);
  headPosition = () => this.inner.headPosition();
  health = () => this.inner.health();
  close = () => this.inner.close();

  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
    this.subscriptions.push({ fromPosition: options.fromPosition });
    if (this.down) {
      setImmediate(() => options.onError?.(new StoreUnavailableError('event_store', 'test', 'connection refused')));
      return { close: async () => undefined, lastPosition: undefined };
    }
    const inner = this.inner.subscribeToAll(handler, { fromPosition: options.fromPosition });
    this.current = { inner, onError: options.onError };
    return inner;
  }

  async drop(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.inner.close();
    current?.onError?.(new StoreUnavailableError('event_store', 'test', 'connection refused'));
  }
}

describe('projection runner through a store outage', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  let runner: ProjectionRunner | undefined;
  const logged: string[] = [];
  const logger = { warn: (message: string) => void logged.push(message), error: (message: string) => void logged.push(message) };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-runner-outage-'));
    events = SqliteEventStore.open(dir);
    reads = await EmbeddedReadStore.open(dir);
    logged.length = 0;
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const documents = async () => {
    const active = (await checkpointOf(reads, 'stream_counts'))!.collection;
    return (await reads.collection<CountDoc>(active).find({}, { sort: { _id: 1 } })).map((d) => withoutBookkeeping(d));
  };
  const checkpoint = async () => (await checkpointOf(reads, 'stream_counts'))?.position;

  it('keeps a batch the read store refused, leaves the checkpoint where it was, and applies it once the store is back', async () => {
    const { store, outage } = readStoreWithOutage(reads);
    runner = new ProjectionRunner(events, store, [counts], { retryDelayMs: 20, maxRetryDelayMs: 100, logger });
    await runner.start();
    const first = await events.appendToStream('s-a', [counted()]);
    await runner.waitForPosition(first.position);

    outage.down = true;
    const second = await events.appendToStream('s-a', [counted()]);
    const third = await events.appendToStream('s-b', [counted()]);
    await expect(runner.waitForPosition(third.position, 300)).rejects.toMatchObject({ name: 'StoreUnavailableError', port: 'read_store' });
    expect(runner.position).toBe(first.position);
    expect(await checkpoint()).toBe(first.position);

    outage.down = false;
    await runner.waitForPosition(third.position, 5000);
    expect(second.position).toBeLessThan(third.position);
    expect(await documents()).toEqual([
      { _id: 's-a', count: 2 },
      { _id: 's-b', count: 1 },
    ]);
    expect(await checkpoint()).toBe(third.position);
    expect(logged).toEqual([expect.stringMatching(/^Projection batch failed, retrying until the store is back/), `Projections resumed at position ${third.position}`]);
  });

  it('writes the checkpoint of a batch whose documents landed but whose checkpoint write failed', async () => {
    const { store, outage } = readStoreWithOutage(reads, (collection) => collection === 'projection_checkpoints');
    runner = new ProjectionRunner(events, store, [counts], { retryDelayMs: 20, maxRetryDelayMs: 100, logger });
    await runner.start();
    outage.down = true;
    const appended = await events.appendToStream('s-a', [counted()]);
    await expect(runner.waitForPosition(appended.position, 200)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await documents()).toEqual([{ _id: 's-a', count: 1 }]);
    expect(await checkpoint()).toBe(0);

    outage.down = false;
    await runner.waitForPosition(appended.position, 5000);
    expect(await checkpoint()).toBe(appended.position);
    expect(await documents()).toEqual([{ _id: 's-a', count: 1 }]);
  });

  it('subscribes again, from the last event received, after the event store drops the subscription', async () => {
    const dropping = new DroppingEventStore(events);
    runner = new ProjectionRunner(dropping, reads, [counts], { retryDelayMs: 20, maxRetryDelayMs: 100, logger });
    await runner.start();
    const first = await events.appendToStream('s-a', [counted()]);
    await runner.waitForPosition(first.position);

    dropping.down = true;
    await dropping.drop();
    const during = await events.appendToStream('s-a', [counted()]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    dropping.down = false;

    const after = await events.appendToStream('s-b', [counted()]);
    await runner.waitForPosition(after.position, 5000);
    expect(during.position).toBeLessThan(after.position);
    expect(await documents()).toEqual([
      { _id: 's-a', count: 2 },
      { _id: 's-b', count: 1 },
    ]);
    expect(dropping.subscriptions.length).toBeGreaterThanOrEqual(3);
    expect(dropping.subscriptions.slice(1).every((s) => s.fromPosition === first.position)).toBe(true);
    expect(logged.filter((m) => m.startsWith('Projection subscription dropped'))).toHaveLength(1);
  });
});
