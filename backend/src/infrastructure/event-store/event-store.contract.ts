import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type EventStore, type NewEvent, type RecordedEvent } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { IdempotencyConflictError } from './idempotency-conflict-error';
import { InvalidAppendError } from './invalid-append-error';

export type EventStoreFactory = () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>;

function newEvent(type: string, data: unknown = {}, extraMetadata: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: 'system',
      occurredAt: '2025-03-14T09:26:53.589Z',
      schemaVersion: 1,
      ...extraMetadata,
    },
  };
}

function events(count: number, type = 'TestEventHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

/** Stream ids are unique per test so the suite also runs against a shared server. */
function streamName(label: string): string {
  return `contract_${label}-${randomUUID()}`;
}


function positionsOf(list: RecordedEvent[]): number[] {
  return list.map((event) => event.position);
}

function expectStrictlyIncreasing(values: number[]): void {
  for (let index = 1; index < values.length; index += 1) {
    expect(values[index]).toBeGreaterThan(values[index - 1]!);
  }
}

async function expectConcurrencyError(
  attempt: Promise<unknown>,
  expected: Pick<ConcurrencyError, 'streamId' | 'expected' | 'actual'>,
): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ConcurrencyError);
  expect(error).toMatchObject(expected);
}

/**
 * Behaviour every EventStore adapter must show. The factory gives each test a store to itself;
 * with a shared server, streams are unique per test and readAll checks only look at the
 * events the test wrote after the head it saw.
 */
export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`${name} event store contract`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('appendToStream', () => {
      it('numbers revisions from 0 per stream and returns the last revision and position', async () => {
        const stream = streamName('order');
        const first = await store.appendToStream(stream, events(3));
        const second = await store.appendToStream(stream, events(2));

        const stored = await store.readStream(stream);
        expect(stored.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(first).toEqual({ nextExpectedRevision: 2, position: stored[2]!.position });
        expect(second).toEqual({ nextExpectedRevision: 4, position: stored[4]!.position });
        expectStrictlyIncreasing(positionsOf(stored));
        expect(stored.every((event) => event.streamId === stream)).toBe(true);
      });

      it('gives global positions that increase across streams in append order', async () => {
        const a = streamName('a');
        const b = streamName('b');
        const results = [];
        for (const stream of [a, b, a, b]) results.push(await store.appendToStream(stream, events(1)));
        expectStrictlyIncreasing(results.map((result) => result.position));
        expect(results.map((result) => result.nextExpectedRevision)).toEqual([0, 0, 1, 1]);
      });

      it("with 'no_stream' creates the stream and refuses once it exists", async () => {
        const stream = streamName('no-stream');
        await expect(store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' })).resolves.toMatchObject(
          {
            nextExpectedRevision: 0,
          },
        );
        await expectConcurrencyError(store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' }), {
          streamId: stream,
          expected: 'no_stream',
          actual: 0,
        });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it("with 'stream_exists' refuses a missing stream and accepts an existing one", async () => {
        const stream = streamName('exists');
        await expectConcurrencyError(store.appendToStream(stream, events(1), { expectedRevision: 'stream_exists' }), {
          streamId: stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        await store.appendToStream(stream, events(1));
        await expect(
          store.appendToStream(stream, events(1), { expectedRevision: 'stream_exists' }),
        ).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('with an exact revision accepts only the current last revision', async () => {
        const stream = streamName('exact');
        await expectConcurrencyError(store.appendToStream(stream, events(1), { expectedRevision: 0 }), {
          streamId: stream,
          expected: 0,
          actual: 'no_stream',
        });
        await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        await expectConcurrencyError(store.appendToStream(stream, events(1), { expectedRevision: 0 }), {
          streamId: stream,
          expected: 0,
          actual: 1,
        });
        await expect(store.appendToStream(stream, events(1), { expectedRevision: 1 })).resolves.toMatchObject({
          nextExpectedRevision: 2,
        });
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it("with 'any' (the default) appends whatever the stream's state", async () => {
        const stream = streamName('any');
        await store.appendToStream(stream, events(1), { expectedRevision: 'any' });
        await store.appendToStream(stream, events(1));
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1]);
      });

      it('never reuses a position after a refused append', async () => {
        const stream = streamName('refused');
        const before = await store.appendToStream(stream, events(1));
        await expect(store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
        const after = await store.appendToStream(stream, events(1));
        expect(after.position).toBeGreaterThan(before.position);
      });

      it('refuses an empty batch and a batch repeating an id', async () => {
        const stream = streamName('invalid');
        await expect(store.appendToStream(stream, [])).rejects.toBeInstanceOf(InvalidAppendError);
        const event = newEvent('TestEventHappened');
        await expect(store.appendToStream(stream, [event, event])).rejects.toBeInstanceOf(InvalidAppendError);
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('stores a repeated batch once and answers the original result (exact expected revisions)', async () => {
        const stream = streamName('idempotent');
        const firstBatch = events(2);
        const first = await store.appendToStream(stream, firstBatch, { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(stream, firstBatch, { expectedRevision: 'no_stream' })).resolves.toEqual(
          first,
        );

        const secondBatch = events(2);
        const second = await store.appendToStream(stream, secondBatch, { expectedRevision: 1 });
        await store.appendToStream(stream, events(1), { expectedRevision: 3 });
        await expect(store.appendToStream(stream, secondBatch, { expectedRevision: 1 })).resolves.toEqual(second);

        const stored = await store.readStream(stream);
        expect(stored).toHaveLength(5);
        expect(stored.slice(0, 4).map((event) => event.id)).toEqual(
          [...firstBatch, ...secondBatch].map((event) => event.id),
        );
      });

      it('refuses a batch mixing stored and new ids and writes none of it', async () => {
        const stream = streamName('mixed');
        const [a, b] = events(2);
        await store.appendToStream(stream, [a!, b!], { expectedRevision: 'no_stream' });
        const c = newEvent('TestEventHappened');
        const error = await store
          .appendToStream(stream, [b!, c], { expectedRevision: 0 })
          .catch((failure: unknown) => failure);
        expect(error).toBeInstanceOf(IdempotencyConflictError);
        expect(error).toMatchObject({ streamId: stream, storedIds: [b!.id], newIds: [c.id] });
        expect((await store.readStream(stream)).map((event) => event.id)).toEqual([a!.id, b!.id]);
      });

      it('lets exactly one of many concurrent appends with the same expected revision win', async () => {
        const stream = streamName('race');
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const contenders = Array.from({ length: 12 }, () => events(2));
        const outcomes = await Promise.allSettled(contenders.map((batch) => store.appendToStream(stream, batch, { expectedRevision: 0 })));
        const won = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []));
        expect(won).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        }
        const stored = await store.readStream(stream);
        expect(stored.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(stored.slice(1).map((event) => event.id)).toEqual(contenders[won[0]!]!.map((event) => event.id));
      });

      it('fails only the bad appends among many sent at once, and stores the others whole', async () => {
        const start = await store.headPosition();
        const partly = streamName('partly');
        const [stored, also] = events(2);
        await store.appendToStream(partly, [stored!], { expectedRevision: 'no_stream' });
        const good = Array.from({ length: 10 }, (_, index) => ({ stream: streamName(`good-${index}`), batch: events(1 + (index % 3)) }));
        const attempts = [
          ...good.map(({ stream, batch }) => store.appendToStream(stream, batch, { expectedRevision: 'no_stream' })),
          // A conflict, data JSON cannot carry, and a retry of a batch of which only the first event was stored.
          store.appendToStream(partly, events(1), { expectedRevision: 5 }),
          store.appendToStream(streamName('bad-json'), [newEvent('TestEventHappened', { amount: BigInt(1) })]),
          store.appendToStream(partly, [stored!, also!], { expectedRevision: 'no_stream' }),
        ];
        const outcomes = await Promise.allSettled(attempts);
        expect(outcomes.slice(0, good.length).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
        const failures = outcomes.slice(good.length).map((outcome) => (outcome.status === 'rejected' ? outcome.reason : outcome));
        expect(failures[0]).toBeInstanceOf(ConcurrencyError);
        expect(failures[1]).toBeInstanceOf(Error);
        expect(failures[2]).toBeInstanceOf(IdempotencyConflictError);
        for (const { stream, batch } of good) {
          expect((await store.readStream(stream)).map((event) => event.id)).toEqual(batch.map((event) => event.id));
        }
        expect((await store.readStream(partly)).map((event) => event.id)).toEqual([stored!.id]);
        const written = await store.readAll({ fromPosition: start });
        expect(written).toHaveLength(1 + good.reduce((sum, { batch }) => sum + batch.length, 0));
        expectStrictlyIncreasing(positionsOf(written));
      });

      it('round-trips data and metadata as JSON', async () => {
        const stream = streamName('json');
        const data = {
          business: { name: 'Café Zoë — Ristorante 東京', phone: '+1 202-555-0143', tags: ['☕', 'größe', 'naïve'] },
          nested: { deeper: { list: [1, 2.5, -3, { flag: true, nothing: null }] } },
          empty: {},
          emoji: '📞🤖',
        };
        const event = newEvent('BusinessPicked', data, {
          causationId: randomUUID(),
          actor: 'anon_7f3a',
          note: 'ünïcödé',
        });
        await store.appendToStream(stream, [event]);
        const [stored] = await store.readStream(stream);
        expect(stored).toEqual({ ...event, streamId: stream, revision: 0, position: stored!.position });
        expect(Object.keys(stored!).sort()).toEqual([
          'data',
          'id',
          'metadata',
          'position',
          'revision',
          'streamId',
          'type',
        ]);
        expect(stored!.metadata).toEqual(event.metadata);
      });
    });

    describe('readStream', () => {
      it('reads forwards and backwards, from a revision, up to maxCount', async () => {
        const stream = streamName('read');
        await store.appendToStream(stream, events(6));
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(stream, options)).map((event) => event.revision);

        expect(await revisions({})).toEqual([0, 1, 2, 3, 4, 5]);
        expect(await revisions({ direction: 'backwards' })).toEqual([5, 4, 3, 2, 1, 0]);
        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4, 5]);
        expect(await revisions({ fromRevision: 2, maxCount: 2 })).toEqual([2, 3]);
        expect(await revisions({ direction: 'backwards', fromRevision: 3 })).toEqual([3, 2, 1, 0]);
        expect(await revisions({ direction: 'backwards', maxCount: 2 })).toEqual([5, 4]);
        expect(await revisions({ maxCount: 0 })).toEqual([]);
        expect(await revisions({ fromRevision: 6 })).toEqual([]);
      });

      it('reads an unknown stream as empty', async () => {
        await expect(store.readStream(streamName('unknown'))).resolves.toEqual([]);
        await expect(store.readStream(streamName('unknown'), { direction: 'backwards' })).resolves.toEqual([]);
      });

      it('reads only the requested stream', async () => {
        const mine = streamName('mine');
        await store.appendToStream(mine, events(2));
        await store.appendToStream(streamName('other'), events(3));
        expect((await store.readStream(mine)).every((event) => event.streamId === mine)).toBe(true);
        expect(await store.readStream(mine)).toHaveLength(2);
      });
    });

    describe('readAll and headPosition', () => {
      it('reads every stream in global order after an exclusive position, up to maxCount', async () => {
        const start = await store.headPosition();
        const a = streamName('all-a');
        const b = streamName('all-b');
        const appended = [...events(2), ...events(2), ...events(2)];
        await store.appendToStream(a, appended.slice(0, 2));
        await store.appendToStream(b, appended.slice(2, 4));
        await store.appendToStream(a, appended.slice(4, 6));

        const all = await store.readAll({ fromPosition: start });
        expect(all.map((event) => event.id)).toEqual(appended.map((event) => event.id));
        expect(all.map((event) => event.streamId)).toEqual([a, a, b, b, a, a]);
        expectStrictlyIncreasing(positionsOf(all));

        const afterSecond = await store.readAll({ fromPosition: all[1]!.position });
        expect(afterSecond.map((event) => event.id)).toEqual(appended.slice(2).map((event) => event.id));
        const page = await store.readAll({ fromPosition: all[1]!.position, maxCount: 3 });
        expect(page.map((event) => event.id)).toEqual(appended.slice(2, 5).map((event) => event.id));
        expect(await store.readAll({ fromPosition: all[5]!.position })).toEqual([]);
        expect(await store.readAll({ fromPosition: start, maxCount: 0 })).toEqual([]);
      });

      it('reads only events of the given types, still up to maxCount of them and in global order', async () => {
        const start = await store.headPosition();
        const stream = streamName('typed');
        // Few wanted events among many others: a page of the log holds fewer than maxCount of them.
        const mixed = [...events(1, 'Wanted'), ...events(40, 'Unwanted'), ...events(1, 'AlsoWanted'), ...events(30, 'Unwanted'), ...events(2, 'Wanted')];
        await store.appendToStream(stream, mixed);
        const wanted = mixed.filter((event) => event.type !== 'Unwanted').map((event) => event.id);

        const typed = await store.readAll({ fromPosition: start, types: ['Wanted', 'AlsoWanted'] });
        expect(typed.map((event) => event.id)).toEqual(wanted);
        expectStrictlyIncreasing(positionsOf(typed));
        const firstTwo = await store.readAll({ fromPosition: start, types: ['Wanted', 'AlsoWanted'], maxCount: 2 });
        expect(firstTwo.map((event) => event.id)).toEqual(wanted.slice(0, 2));
        const rest = await store.readAll({ fromPosition: firstTwo[1]!.position, types: ['Wanted', 'AlsoWanted'] });
        expect(rest.map((event) => event.id)).toEqual(wanted.slice(2));
        expect(await store.readAll({ fromPosition: start, types: ['NeverRecorded'] })).toEqual([]);
        await expect(store.readAll({ types: [''] })).rejects.toThrow(RangeError);
      });

      it('reports the position of the newest event as the head', async () => {
        const result = await store.appendToStream(streamName('head'), events(3));
        expect(await store.headPosition()).toBe(result.position);
        const next = await store.appendToStream(streamName('head'), events(1));
        expect(await store.headPosition()).toBe(next.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from a position, then delivers live events in order', async () => {
        const start = await store.headPosition();
        const stream = streamName('sub');
        const before = await store.appendToStream(stream, events(3));
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll((event) => void received.push(event), { fromPosition: start });
        expect(subscription.lastPosition).toBeUndefined();

        await eventually('the catch-up events', () => received.length >= 3);
        await store.appendToStream(stream, events(2));
        await store.appendToStream(streamName('sub-other'), events(1));
        await eventually('the live events', () => received.length >= 6);
        await subscription.close();

        expect(received.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 0]);
        expect(received[2]!.position).toBe(before.position);
        expectStrictlyIncreasing(positionsOf(received));
        expect(subscription.lastPosition).toBe(received[5]!.position);
        expect(received).toEqual(await store.readAll({ fromPosition: start }));
      });

      it('starts after the given position (exclusive)', async () => {
        const stream = streamName('sub-exclusive');
        const first = await store.appendToStream(stream, events(1));
        await store.appendToStream(stream, events(2));
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll((event) => void received.push(event), {
          fromPosition: first.position,
        });
        await eventually('the events after the position', () => received.length >= 2);
        await subscription.close();
        expect(received.map((event) => event.revision)).toEqual([1, 2]);
      });

      it('awaits the handler before delivering the next event', async () => {
        const start = await store.headPosition();
        await store.appendToStream(streamName('sub-await'), events(5));
        let inFlight = 0;
        let maxInFlight = 0;
        const handled: number[] = [];
        const subscription = store.subscribeToAll(
          async (event) => {
            inFlight += 1;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await new Promise((resolve) => setTimeout(resolve, 5));
            handled.push(event.position);
            inFlight -= 1;
          },
          { fromPosition: start },
        );
        await eventually('the slow handler', () => handled.length >= 5);
        await subscription.close();
        expect(maxInFlight).toBe(1);
        expectStrictlyIncreasing(handled);
      });

      it('delivers events appended by concurrent writers during catch-up exactly once, in order', async () => {
        const start = await store.headPosition();
        const streams = [1, 2, 3, 4].map((writer) => streamName(`writer-${writer}`));
        const liveBatchSizes = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1];
        const perStream = 25 + liveBatchSizes.reduce((sum, size) => sum + size, 0);
        for (const stream of streams) await store.appendToStream(stream, events(25));

        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(
          async (event) => {
            received.push(event);
            if (received.length % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
          },
          { fromPosition: start },
        );
        await Promise.all(
          streams.map(async (stream) => {
            for (const size of liveBatchSizes) {
              await store.appendToStream(stream, events(size));
              await new Promise((resolve) => setImmediate(resolve));
            }
          }),
        );
        const expected = await store.readAll({ fromPosition: start });
        expect(expected).toHaveLength(4 * perStream);
        await eventually('every appended event', () => received.length >= expected.length);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await subscription.close();

        expect(received.map((event) => event.id)).toEqual(expected.map((event) => event.id));
        expectStrictlyIncreasing(positionsOf(received));
        for (const stream of streams) {
          const revisions = received.filter((event) => event.streamId === stream).map((event) => event.revision);
          expect(revisions).toEqual(Array.from({ length: perStream }, (_, index) => index));
        }
      });

      it('stops delivering once closed', async () => {
        const start = await store.headPosition();
        const stream = streamName('sub-close');
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll((event) => void received.push(event), { fromPosition: start });
        await store.appendToStream(stream, events(1));
        await eventually('the first event', () => received.length >= 1);
        await subscription.close();
        await store.appendToStream(stream, events(2));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(received).toHaveLength(1);
        expect(subscription.lastPosition).toBe(received[0]!.position);
      });

      it('can be closed from inside the handler', async () => {
        const start = await store.headPosition();
        await store.appendToStream(streamName('sub-self-close'), events(3));
        const received: RecordedEvent[] = [];
        let subscription: ReturnType<EventStore['subscribeToAll']> | undefined;
        subscription = store.subscribeToAll(
          async (event) => {
            received.push(event);
            await subscription?.close();
          },
          { fromPosition: start },
        );
        await eventually('the first event', () => received.length >= 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(received).toHaveLength(1);
      });

      it('stops and reports through onError when the handler throws', async () => {
        const start = await store.headPosition();
        await store.appendToStream(streamName('sub-error'), events(3));
        const received: RecordedEvent[] = [];
        const errors: Error[] = [];
        const subscription = store.subscribeToAll(
          (event) => {
            received.push(event);
            if (received.length === 2) throw new Error('projection failed');
          },
          { fromPosition: start, onError: (error) => errors.push(error) },
        );
        await eventually('the error report', () => errors.length === 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(errors[0]!.message).toBe('projection failed');
        expect(received).toHaveLength(2);
        expect(subscription.lastPosition).toBe(received[0]!.position);
        await subscription.close();
      });
    });

    describe('health and close', () => {
      it('reports its adapter as up while open and down once closed', async () => {
        const health = await store.health();
        expect(health).toMatchObject({ adapter: store.adapterName, state: 'up' });
        expect(['sqlite', 'eventstoredb', 'postgres']).toContain(health.adapter);
        await store.close();
        await expect(store.health()).resolves.toMatchObject({ adapter: store.adapterName, state: 'down' });
        await expect(store.appendToStream(streamName('closed'), events(1))).rejects.toThrow(/closed/);
      });

      it('closes its subscriptions when it closes', async () => {
        const start = await store.headPosition();
        const received: RecordedEvent[] = [];
        store.subscribeToAll((event) => void received.push(event), { fromPosition: start });
        await store.appendToStream(streamName('close-subs'), events(1));
        await eventually('the first event', () => received.length >= 1);
        await store.close();
        expect(received).toHaveLength(1);
      });
    });
  });
}
