import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyBatch,
  type DocumentChange,
  defineProjection,
  type EventStore,
  eventUnion,
  type ProjectionDefinition,
  ProjectionRunner,
  type ReadStore,
  StoreUnavailableError,
  withoutBookkeeping,
} from '@ringcheck/projections';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { EmbeddedReadStore } from '../src/infrastructure/read-store';
import { EmbeddedCollection } from '../src/infrastructure/read-store/embedded-collection';
import { eventually } from './eventually';

interface CountDoc {
  _id: string;
  count: number;
  total: number;
  [key: string]: unknown;
}

let evolveCalls = 0;
type CounterEvent = { type: 'Counted'; data: { amount: number } } | { type: 'Reset'; data: object };

const countsV1 = defineProjection<CountDoc, CounterEvent>({
  name: 'stream_counts',
  version: 1,
  events: eventUnion<CounterEvent>('counter', { Counted: true, Reset: true }),
  documentId: (event) => event.streamId,
  rooms: (doc) => [`counter:${doc._id}`],
  evolve(doc, event) {
    evolveCalls++;
    if (event.type === 'Reset') return null;
    return { _id: event.streamId, count: (doc?.count ?? 0) + 1, total: (doc?.total ?? 0) + event.data.amount };
  },
});

const event = (type: string, amount = 1) => ({
  id: randomUUID(),
  type,
  data: { amount },
  metadata: { correlationId: 'test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

describe('projection runner on the embedded stores', () => {
  let dir: string;
  let events: EventStore;
  let reads: ReadStore;
  let runner: ProjectionRunner | undefined;

  const open = async () => {
    events = SqliteEventStore.open(dir);
    reads = await EmbeddedReadStore.open(dir);
  };
  const close = async () => {
    await runner?.stop();
    runner = undefined;
    await reads.close();
    await events.close();
  };
  const documents = async () => (await runner!.collection(countsV1).find({}, { sort: { _id: 1 } })).map((d) => withoutBookkeeping(d));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-runner-'));
    evolveCalls = 0;
    await open();
  });
  afterEach(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up on past events, then follows live ones in order, telling listeners as each batch is applied', async () => {
    await events.appendToStream('s-a', [event('Counted', 2), event('Counted', 3)]);
    const seen: DocumentChange[][] = [];
    runner = new ProjectionRunner(events, reads, [countsV1], {
      onChange: (changes) => {
        seen.push(changes);
      },
    });
    await runner.start();
    expect(await documents()).toEqual([{ _id: 's-a', count: 2, total: 5 }]);

    const { position } = await events.appendToStream('s-b', [event('Counted', 7)]);
    await runner.waitForPosition(position);
    expect(await documents()).toEqual([
      { _id: 's-a', count: 2, total: 5 },
      { _id: 's-b', count: 1, total: 7 },
    ]);
    const live = seen.flat().find((c) => c.documentId === 's-b')!;
    expect(live).toMatchObject({ position, rooms: ['counter:s-b'], projection: 'stream_counts' });
    expect(await runner.collection(countsV1).findOne({ _id: 's-b' })).toMatchObject({ _position: position });
  });

  it('applies a batch to its projections side by side, tells before the checkpoints are written, and tells nothing twice when they fail', async () => {
    const totalsV1: ProjectionDefinition<CountDoc> = { ...countsV1, name: 'stream_totals' };
    const seen: DocumentChange[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const find = EmbeddedCollection.prototype.find;
    const findSpy = jest.spyOn(EmbeddedCollection.prototype, 'find').mockImplementation(async function (this: EmbeddedCollection, ...args) {
      const counted = this.name.startsWith('stream_');
      if (counted) mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        // A store across the network answers later; the runner must not wait for one before asking the next.
        await new Promise((resolve) => setImmediate(resolve));
        return await find.apply(this, args);
      } finally {
        if (counted) inFlight -= 1;
      }
    });
    const bulkWrite = EmbeddedCollection.prototype.bulkWrite;
    let failCheckpoints = 0;
    const toldBeforeCheckpoints: number[] = [];
    const writeSpy = jest.spyOn(EmbeddedCollection.prototype, 'bulkWrite').mockImplementation(function (this: EmbeddedCollection, operations) {
      if (this.name === 'projection_checkpoints') {
        toldBeforeCheckpoints.push(seen.length);
        if (failCheckpoints > 0) {
          failCheckpoints -= 1;
          return Promise.reject(new Error('checkpoint write lost'));
        }
      }
      return bulkWrite.call(this, operations);
    });
    try {
      runner = new ProjectionRunner(events, reads, [countsV1, totalsV1], { onChange: (changes) => void seen.push(...changes), retryDelayMs: 5 });
      await runner.start();
      mostInFlight = 0;
      toldBeforeCheckpoints.length = 0;
      failCheckpoints = 1;
      const { position } = await events.appendToStream('s-x', [event('Counted', 4)]);
      await runner.waitForPosition(position);
      expect(mostInFlight).toBe(2);
      expect(failCheckpoints).toBe(0);
      expect(toldBeforeCheckpoints[0]).toBe(2);
      const told = seen.filter((change) => change.documentId === 's-x').map((change) => change.projection);
      expect(told.sort()).toEqual(['stream_counts', 'stream_totals']);
      expect(await documents()).toEqual([{ _id: 's-x', count: 1, total: 4 }]);
      expect((await runner.status()).map((status) => status.position)).toEqual([position, position]);
    } finally {
      findSpy.mockRestore();
      writeSpy.mockRestore();
    }
  });

  it('tells a batch before its documents are written, applies the next ones over the states not yet written, and writes what queued meanwhile as one', async () => {
    const seen: DocumentChange[] = [];
    const bulkWrite = EmbeddedCollection.prototype.bulkWrite;
    let gate: Promise<void> | undefined;
    let open = () => {};
    const writes: string[][] = [];
    const writeSpy = jest.spyOn(EmbeddedCollection.prototype, 'bulkWrite').mockImplementation(async function (this: EmbeddedCollection, operations) {
      if (this.name.startsWith('stream_counts')) {
        writes.push(operations.map((operation) => String((Object.values(operation)[0] as { filter: { _id: unknown } }).filter._id)));
        if (gate) await gate;
      }
      return bulkWrite.call(this, operations);
    });
    try {
      runner = new ProjectionRunner(events, reads, [countsV1], { onChange: (changes) => void seen.push(...changes) });
      await runner.start();
      gate = new Promise((resolve) => (open = resolve));
      const first = await events.appendToStream('s-q', [event('Counted', 1)]);
      await eventually('the first change told', () => seen.some((change) => change.position === first.position));
      // Told, and not written: readers of the store, and waiters for the position, do not see it yet.
      expect(runner.position).toBeLessThan(first.position);
      expect(await runner.collection(countsV1).findOne({ _id: 's-q' })).toBeNull();
      const second = await events.appendToStream('s-q', [event('Counted', 2)]);
      const third = await events.appendToStream('s-r', [event('Counted', 5)]);
      await eventually('the third change told', () => seen.some((change) => change.position === third.position));
      expect(seen.find((change) => change.position === second.position)?.document).toMatchObject({ count: 2, total: 3 });
      expect(writes).toEqual([['s-q']]);
      gate = undefined;
      open();
      await runner.waitForPosition(third.position);
      expect(writes).toEqual([['s-q'], ['s-q', 's-r']]);
      expect(await documents()).toEqual([
        { _id: 's-q', count: 2, total: 3 },
        { _id: 's-r', count: 1, total: 5 },
      ]);
      expect(seen.map((change) => change.position)).toEqual([first.position, second.position, third.position]);
    } finally {
      writeSpy.mockRestore();
    }
  });

  it('makes a refused write again, with what was applied meanwhile, and tells each change once', async () => {
    const seen: DocumentChange[] = [];
    const bulkWrite = EmbeddedCollection.prototype.bulkWrite;
    let refuse = 0;
    const writeSpy = jest.spyOn(EmbeddedCollection.prototype, 'bulkWrite').mockImplementation(function (this: EmbeddedCollection, operations) {
      if (this.name.startsWith('stream_counts') && refuse > 0) {
        refuse -= 1;
        return Promise.reject(new Error('write lost'));
      }
      return bulkWrite.call(this, operations);
    });
    try {
      runner = new ProjectionRunner(events, reads, [countsV1], { onChange: (changes) => void seen.push(...changes), retryDelayMs: 20 });
      await runner.start();
      refuse = 2;
      const first = await events.appendToStream('s-w', [event('Counted', 1)]);
      await eventually('the change told', () => seen.length > 0);
      const second = await events.appendToStream('s-w', [event('Counted', 4)]);
      await runner.waitForPosition(second.position);
      expect(refuse).toBe(0);
      expect(seen.map((change) => change.position)).toEqual([first.position, second.position]);
      expect(await documents()).toEqual([{ _id: 's-w', count: 2, total: 5 }]);
      expect((await runner.status()).map((status) => status.position)).toEqual([second.position]);
    } finally {
      writeSpy.mockRestore();
    }
  });

  it('treats a redelivered event as a no-op', async () => {
    await events.appendToStream('s-a', [event('Counted', 2), event('Counted', 3)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    const all = await events.readAll();
    await applyBatch(countsV1, runner.collection(countsV1), all);
    await applyBatch(countsV1, runner.collection(countsV1), all.slice(1));
    expect(await documents()).toEqual([{ _id: 's-a', count: 2, total: 5 }]);
  });

  it('deletes documents whose evolve returns null and pushes the deletion to the old rooms', async () => {
    const seen: DocumentChange[] = [];
    runner = new ProjectionRunner(events, reads, [countsV1], { onChange: (c) => void seen.push(...c) });
    await runner.start();
    await events.appendToStream('s-a', [event('Counted')]);
    const { position } = await events.appendToStream('s-a', [event('Reset')]);
    await runner.waitForPosition(position);
    expect(await documents()).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ document: null, rooms: ['counter:s-a'], position });
  });

  it('resumes from its checkpoint after a restart instead of replaying from zero', async () => {
    for (let i = 0; i < 20; i++) await events.appendToStream(`s-${i % 4}`, [event('Counted', i)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    const before = await documents();
    await close();

    await open();
    const { position } = await events.appendToStream('s-9', [event('Counted', 100)]);
    evolveCalls = 0;
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await runner.waitForPosition(position);
    expect(evolveCalls).toBe(1);
    expect(await documents()).toEqual([...before, { _id: 's-9', count: 1, total: 100 }]);
  });

  it('adds an index new in a release to its read model beside serving, without a rebuild', async () => {
    for (let i = 0; i < 300; i++) await events.appendToStream(`s-${i}`, [event('Counted', i % 5)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await close();

    await open();
    const indexed: ProjectionDefinition<CountDoc> = { ...countsV1, indexes: [{ keys: { total: 1 }, name: 'by_total' }] };
    evolveCalls = 0;
    runner = new ProjectionRunner(events, reads, [indexed]);
    await runner.start();
    const collection = runner.collection(indexed);
    if (!(collection instanceof EmbeddedCollection)) throw new Error('expected the embedded read store');
    // Start-up did not wait for its keys, and read no event again.
    expect(collection.explain({ total: 3 }).kind).toBe('scan');
    expect(evolveCalls).toBe(0);
    expect(await collection.countDocuments({ total: 3 })).toBe(60);
    await (reads as EmbeddedReadStore).indexesBuilt();
    expect(collection.explain({ total: 3 })).toMatchObject({ kind: 'index', index: 'by_total' });
    expect(await collection.countDocuments({ total: 3 })).toBe(60);
  });

  it('rebuilds into a new versioned collection, switches over and drops the old one', async () => {
    for (let i = 0; i < 50; i++) await events.appendToStream(`s-${i % 5}`, [event('Counted', i)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    const before = await documents();
    const [oldStatus] = await runner.status();
    const rebuilt = await runner.rebuild('stream_counts');
    expect(rebuilt.collection).not.toBe(oldStatus.collection);
    expect(rebuilt.collection).toMatch(/^stream_counts_v1_g\d+$/);
    expect(rebuilt.documents).toBe(5);
    expect(await documents()).toEqual(before);
    expect(await reads.listCollections()).not.toContain(oldStatus.collection);

    const { position } = await events.appendToStream('s-0', [event('Counted', 1000)]);
    await runner.waitForPosition(position);
    expect((await documents())[0]).toMatchObject({ _id: 's-0', count: 11 });
  });

  it('builds a new version of a projection from the whole log at start', async () => {
    await events.appendToStream('s-a', [event('Counted', 2), event('Counted', 3)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await close();

    await open();
    const countsV2: ProjectionDefinition<CountDoc> = { ...countsV1, version: 2, evolve: (doc, e) => ({ _id: e.streamId, count: (doc?.count ?? 0) + 10, total: 0 }) };
    runner = new ProjectionRunner(events, reads, [countsV2]);
    await runner.start();
    expect((await runner.status())[0].collection).toMatch(/^stream_counts_v2_g\d+$/);
    expect(await documents()).toEqual([{ _id: 's-a', count: 20, total: 0 }]);
    expect(await reads.listCollections()).not.toContain('stream_counts_v1');
  });

  it('indexes documents by room only in read models that have rooms, built at start or rebuilt', async () => {
    const totals: ProjectionDefinition<CountDoc> = { ...countsV1, name: 'stream_totals', rooms: undefined };
    await events.appendToStream('s-a', [event('Counted', 2)]);
    runner = new ProjectionRunner(events, reads, [countsV1, totals]);
    await runner.start();
    const missedSince = { _rooms: 'counter:s-a', _position: { $gt: 0 } };
    const plans = () =>
      [countsV1, totals].map((definition) => {
        const collection = runner!.collection(definition);
        if (!(collection instanceof EmbeddedCollection)) throw new Error('expected the embedded read store');
        return collection.explain(missedSince).kind;
      });
    expect(plans()).toEqual(['index', 'scan']);
    await runner.rebuild('stream_totals');
    await runner.rebuild('stream_counts');
    expect(plans()).toEqual(['index', 'scan']);
    expect(runner.roomProjectionNames()).toEqual(['stream_counts']);
  });

  it('serving, builds a new version beside the others: its readers get a store-unavailable error until it is switched in whole', async () => {
    for (let i = 0; i < 3000; i++) await events.appendToStream(`s-${i % 7}`, [event('Counted', 1)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await close();

    await open();
    // What a process stopped in the middle of a build leaves behind.
    await reads.collection('stream_counts_v2_g123').insertOne({ _id: 'half', count: 1, total: 1 });
    const countsV2: ProjectionDefinition<CountDoc> = { ...countsV1, version: 2, evolve: (doc, e) => ({ _id: e.streamId, count: (doc?.count ?? 0) + 10, total: 0 }) };
    runner = new ProjectionRunner(events, reads, [countsV2], { rebuildInBackground: true });
    await runner.start();
    expect(await reads.listCollections()).not.toContain('stream_counts_v2_g123');
    expect(runner.isBuilt(countsV2)).toBe(false);
    expect(() => runner!.collection(countsV2)).toThrow(StoreUnavailableError);
    const { position } = await events.appendToStream('s-new', [event('Counted', 5)]);
    await runner.waitForPosition(position);
    await runner.whenBuilt(countsV2);
    expect(runner.isBuilt(countsV2)).toBe(true);
    await runner.waitForPosition(position);
    const docs = await documents();
    expect(docs).toHaveLength(8);
    expect(docs.find((doc) => doc._id === 's-0')).toEqual({ _id: 's-0', count: 4290, total: 0 });
    expect(docs.find((doc) => doc._id === 's-new')).toEqual({ _id: 's-new', count: 10, total: 0 });
    expect((await reads.listCollections()).filter((name) => name.startsWith('stream_counts'))).toEqual([(await runner.status())[0].collection]);
  });

  it('serving, rebuilds in the least slice a turn while other work waits for the event loop, in larger ones when none does, and builds the same read model', async () => {
    for (let i = 0; i < 400; i++) await events.appendToStream(`s-${i % 60}`, [event('Counted', i)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    const whole = await documents();
    await close();

    await open();
    const readSizes: number[] = [];
    const readAll = events.readAll.bind(events);
    jest.spyOn(events, 'readAll').mockImplementation((options) => {
      // A rebuild reads the types its projection handles; catching up and following read them all.
      if (options?.types) readSizes.push(options.maxCount ?? Infinity);
      return readAll(options);
    });
    const writeSizes: number[] = [];
    const original = EmbeddedCollection.prototype.bulkWrite;
    const sized = jest.spyOn(EmbeddedCollection.prototype, 'bulkWrite').mockImplementation(function (this: EmbeddedCollection, operations) {
      if (this.name.startsWith('stream_counts')) writeSizes.push(operations.length);
      return original.call(this, operations);
    });
    // Requests, as far as the event loop can tell: a millisecond of work every turn.
    let serving = true;
    const busy = () => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      if (serving) setImmediate(busy);
    };
    try {
      runner = new ProjectionRunner(events, reads, [countsV1], { rebuildInBackground: true, rebuildSlice: { events: 5, documents: 1 } });
      await runner.start();
      setImmediate(busy);
      await runner.rebuild(countsV1.name);
      serving = false;
      expect(readSizes.length).toBeGreaterThanOrEqual(400 / 5);
      expect(Math.max(...readSizes)).toBeLessThanOrEqual(5);
      expect(writeSizes.length).toBeGreaterThanOrEqual(60);
      expect(Math.max(...writeSizes)).toBeLessThanOrEqual(1);
      expect(await documents()).toEqual(whole);

      // Growing takes a run of quiet yields; on a machine busy with other test files one may come back late
      // now and then, so a few rebuilds are allowed for one to grow.
      let largest = 0;
      for (let attempt = 0; attempt < 5 && largest <= 5; attempt++) {
        readSizes.length = 0;
        await runner.rebuild(countsV1.name);
        largest = Math.max(...readSizes);
        expect(await documents()).toEqual(whole);
      }
      expect(largest).toBeGreaterThan(5);
    } finally {
      serving = false;
      sized.mockRestore();
    }
  });

  it('builds more documents than it holds in memory: those it wrote already are read back and carried on', async () => {
    // Past a thousand documents a build writes what it holds and starts afresh; the second round of
    // events then finds every stream's document in the collection being built, and only there.
    const streams = Array.from({ length: 1_500 }, (_, i) => `s-${i}`);
    for (let round = 1; round <= 2; round++) await Promise.all(streams.map((stream) => events.appendToStream(stream, [event('Counted', round)])));
    const expected = streams.map((stream) => ({ _id: stream, count: 2, total: 3 })).sort((a, b) => a._id.localeCompare(b._id));
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    expect(await documents()).toEqual(expected);
    await runner.rebuild(countsV1.name);
    expect(await documents()).toEqual(expected);
  });

  it('over an empty log (a new deployment), serving, its read models are readable at once and follow the first events', async () => {
    runner = new ProjectionRunner(events, reads, [countsV1], { rebuildInBackground: true });
    await runner.start();
    expect(runner.isBuilt(countsV1)).toBe(true);
    expect(await runner.collection(countsV1).find({})).toEqual([]);
    expect(runner.rebuilding()).toEqual([]);
    const { position } = await events.appendToStream('s-first', [event('Counted', 3)]);
    await runner.waitForPosition(position);
    expect(await documents()).toEqual([{ _id: 's-first', count: 1, total: 3 }]);

    // Another node reading the checkpoints sees it built too.
    await runner.stop();
    const follower = new ProjectionRunner(events, reads, [countsV1], { rebuildInBackground: true, lease: { holder: 'b', ttlMs: 10_000, tryAcquire: async () => false, release: async () => {} } });
    try {
      await follower.start();
      expect(follower.isBuilt(countsV1)).toBe(true);
    } finally {
      await follower.stop();
    }
  });

  it('rebuilds read models that are ahead of the event log (another log’s read models)', async () => {
    await events.appendToStream('s-a', [event('Counted', 2), event('Counted', 3), event('Counted', 4)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await runner.stop();
    runner = undefined;
    await events.close();

    // A fresh, shorter log next to the same read store.
    const freshDir = mkdtempSync(join(tmpdir(), 'ringcheck-runner-fresh-'));
    events = SqliteEventStore.open(freshDir);
    const { position } = await events.appendToStream('s-b', [event('Counted', 7)]);
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await runner.waitForPosition(position);
    expect(await documents()).toEqual([{ _id: 's-b', count: 1, total: 7 }]);
    rmSync(freshDir, { recursive: true, force: true });
  });

  it('keeps applying in order while several writers append concurrently', async () => {
    runner = new ProjectionRunner(events, reads, [countsV1], { batchSize: 7 });
    await runner.start();
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        let last = 0;
        for (let i = 0; i < 25; i++) last = (await events.appendToStream(`w-${w}`, [event('Counted', 1)])).position;
        return last;
      })(),
    );
    const positions = await Promise.all(writers);
    await runner.waitForPosition(Math.max(...positions));
    expect((await documents()).map((d) => d.count)).toEqual([25, 25, 25, 25]);
  });

  it('rejects a waiter that times out', async () => {
    runner = new ProjectionRunner(events, reads, [countsV1]);
    await runner.start();
    await expect(runner.waitForPosition(10_000, 50)).rejects.toThrow(/did not reach position/);
  });
});
