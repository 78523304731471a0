import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyBatch,
  type Collection,
  defineProjection,
  type EventStore,
  eventUnion,
  ProjectionRunner,
  type ReadStore,
  ReadStoreLease,
  type RunnerLease,
  type Tombstone,
  withoutBookkeeping,
  writeStates,
} from '@ringcheck/projections';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { EmbeddedReadStore } from '../src/infrastructure/read-store';
import { MongoReadStore } from '../src/infrastructure/read-store/mongo-read-store';
import { eventually } from './eventually';

interface TotalDoc {
  _id: string;
  count: number;
  total: number;
  [key: string]: unknown;
}

type Counted = { type: 'Counted'; data: { amount: number } };

/** Counts every event it is handed, so an event applied on two nodes shows. */
const applied: string[] = [];

const totalsNamed = (name: string) =>
  defineProjection<TotalDoc, Counted>({
    name,
    version: 1,
    events: eventUnion<Counted>('counter', { Counted: true }),
    documentId: (event) => event.streamId,
    rooms: (doc) => [`counter:${doc._id}`],
    evolve(doc, event) {
      applied.push(event.id);
      return { _id: event.streamId, count: (doc?.count ?? 0) + 1, total: (doc?.total ?? 0) + event.data.amount };
    },
  });

const totals = totalsNamed('lease_totals');

/** The collection as a node sees it that loaded its documents before they were written: empty. */
const foundNothing = <D extends { _id: string }>(collection: Collection<D>): Collection<D> =>
  Object.assign(Object.create(collection) as Collection<D>, { find: async () => [] });

/** Totals whose document an amount of 0 deletes. */
const removals = defineProjection<TotalDoc, Counted>({
  name: 'lease_removals',
  version: 1,
  events: eventUnion<Counted>('counter', { Counted: true }),
  documentId: (event) => event.streamId,
  evolve: (doc, event) =>
    event.data.amount === 0 ? null : { _id: event.streamId, count: (doc?.count ?? 0) + 1, total: (doc?.total ?? 0) + event.data.amount },
});

type Noted = { type: 'Noted'; data: { text: string } };

/** A second read model, of events the totals do not handle. */
const notes = defineProjection<{ _id: string; texts: string[]; [key: string]: unknown }, Noted>({
  name: 'lease_notes',
  version: 1,
  events: eventUnion<Noted>('notes', { Noted: true }),
  documentId: (event) => event.streamId,
  evolve(doc, event) {
    applied.push(event.id);
    return { _id: event.streamId, texts: [...(doc?.texts ?? []), event.data.text] };
  },
});

const noted = (text: string) => ({
  id: randomUUID(),
  type: 'Noted',
  data: { text },
  metadata: { correlationId: 'lease-test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

const counted = (amount: number) => ({
  id: randomUUID(),
  type: 'Counted',
  data: { amount },
  metadata: { correlationId: 'lease-test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/** A lease whose node dies: from `die()` on it neither renews nor gives the lease up, as after kill -9. */
function mortal(lease: RunnerLease): RunnerLease & { die(): void } {
  let dead = false;
  return {
    holder: lease.holder,
    ttlMs: lease.ttlMs,
    tryAcquire: () => (dead ? new Promise<boolean>(() => undefined) : lease.tryAcquire()),
    release: () => (dead ? Promise.resolve() : lease.release()),
    die: () => (dead = true),
  };
}

type OpenReads = (dir: string) => Promise<{ reads: ReadStore; drop: () => Promise<void> }>;

const embedded: OpenReads = async (dir) => ({ reads: await EmbeddedReadStore.open(dir), drop: async () => undefined });

const mongoUri = process.env.MONGODB_URI;
let databases = 0;
const mongo: OpenReads = async () => {
  const name = `ringcheck_lease_${process.pid}_${databases++}`;
  const reads = await MongoReadStore.connect(mongoUri!, name);
  return { reads, drop: async () => {
    for (const collection of await reads.listCollections()) await reads.dropCollection(collection);
  } };
};

const readStores: [string, OpenReads][] = [['the embedded read store', embedded]];
if (mongoUri) readStores.push(['MongoDB', mongo]);

describe.each(readStores)('projection runners on several nodes sharing one event store and %s', (_label, openReads) => {
  const TTL_MS = 400;
  let drop: () => Promise<void>;
  let dir: string;
  let events: EventStore;
  let reads: ReadStore;
  const runners: ProjectionRunner[] = [];

  const node = async (lease: RunnerLease) => {
    // Nodes keep the documents they wrote between batches, as on MongoDB: taking over must not trust them.
    const runner = new ProjectionRunner(events, reads, [totals], { lease, followEveryMs: 50, keptDocuments: 100 });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  const leaseFor = (holder: string) => new ReadStoreLease(reads, { holder, ttlMs: TTL_MS });
  const documents = async (runner: ProjectionRunner) =>
    (await runner.collection(totals).find({}, { sort: { _id: 1 } })).map((doc) => withoutBookkeeping(doc));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-lease-'));
    events = SqliteEventStore.open(dir);
    ({ reads, drop } = await openReads(dir));
    applied.length = 0;
  });

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await drop();
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the projections on one node only; the other reads what it wrote and waits for positions with it', async () => {
    await events.appendToStream('s-a', [counted(2)]);
    const first = await node(leaseFor('node-1'));
    const second = await node(leaseFor('node-2'));
    expect([first.isLeading, second.isLeading]).toEqual([true, false]);

    const { position } = await events.appendToStream('s-b', [counted(5), counted(1)]);
    await second.waitForPosition(position, 2000);
    expect(await documents(second)).toEqual([
      { _id: 's-a', count: 1, total: 2 },
      { _id: 's-b', count: 2, total: 6 },
    ]);
    // Each event was applied once in all, by the leader.
    expect(applied).toHaveLength(3);
    expect(new Set(applied).size).toBe(3);
  });

  it('hands the projections to another node within the lease once the leader dies, and applies each event once', async () => {
    const dying = mortal(leaseFor('node-1'));
    const first = await node(dying);
    const second = await node(leaseFor('node-2'));
    await events.appendToStream('s-a', [counted(1)]);
    await first.waitForPosition(await events.headPosition(), 2000);

    dying.die();
    await first.stop();
    const diedAt = Date.now();
    const { position } = await events.appendToStream('s-a', [counted(10)]);
    await eventually('the second node to take the lease over', () => second.isLeading, { timeoutMs: 5000 });
    const tookOverIn = Date.now() - diedAt;
    await second.waitForPosition(position, 2000);

    // The lease, plus a third of it between two attempts, plus slack for a busy machine.
    expect(tookOverIn).toBeLessThan(TTL_MS * 4);
    expect(await documents(second)).toEqual([{ _id: 's-a', count: 2, total: 11 }]);
    expect(applied).toHaveLength(2);
  });

  it('writes only the checkpoints a batch moved, and every node still sees each read model at the position processed', async () => {
    const both = (lease: RunnerLease) => new ProjectionRunner(events, reads, [totals, notes], { lease, followEveryMs: 50, keptDocuments: 100 });
    const dying = mortal(leaseFor('node-1'));
    const first = both(dying);
    const second = both(leaseFor('node-2'));
    runners.push(first, second);
    await first.start();
    await second.start();
    const { position: counted1 } = await events.appendToStream('s-a', [counted(3)]);
    await second.waitForPosition(counted1, 2000);
    const { position } = await events.appendToStream('n-a', [noted('one'), noted('two')]);
    await second.waitForPosition(position, 2000);

    const stored = await reads.collection('projection_checkpoints').find({}, { sort: { _id: 1 } });
    expect(stored.map((doc) => [doc._id, doc.position])).toEqual([
      ['$processed', position],
      ['lease_notes', position],
      ['lease_totals', counted1],
    ]);
    expect((await second.status()).map((row) => [row.name, row.position])).toEqual([
      ['lease_totals', position],
      ['lease_notes', position],
    ]);

    // The node taking over carries on from there: no event is applied twice.
    dying.die();
    await first.stop();
    const { position: last } = await events.appendToStream('s-a', [counted(4)]);
    await eventually('the second node to take the lease over', () => second.isLeading, { timeoutMs: 5000 });
    await second.waitForPosition(last, 2000);
    expect(await documents(second)).toEqual([{ _id: 's-a', count: 2, total: 7 }]);
    expect(applied).toHaveLength(4);
    expect(new Set(applied).size).toBe(4);
  });

  it('does not let a batch landing after a newer one take documents or checkpoints back', async () => {
    await events.appendToStream('s-a', [counted(1)]);
    await events.appendToStream('s-a', [counted(10)]);
    await events.appendToStream('s-b', [counted(5)]);
    const [first, second, third] = await events.readAll();
    const collection = reads.collection<TotalDoc>('fenced_totals');
    // The node holding the lease now applied both events of s-a.
    await applyBatch(totals, collection, [first, second], { fenced: true });
    // A node that lost the lease loaded its documents before that (it found none) and lands its batch now.
    const stale = foundNothing(collection);
    const changes = await applyBatch(totals, stale, [first, third], { fenced: true });
    expect(changes.map((change) => change.documentId)).toEqual(['s-b']);
    expect((await collection.find({}, { sort: { _id: 1 } })).map((doc) => withoutBookkeeping(doc))).toEqual([
      { _id: 's-a', count: 2, total: 11 },
      { _id: 's-b', count: 1, total: 5 },
    ]);

    const checkpoints = reads.collection<{ _id: string; position: number; [key: string]: unknown }>('fenced_checkpoints');
    await writeStates(checkpoints, [{ id: 'lease_totals', at: 7, document: { _id: 'lease_totals', position: 7 } }], 'position');
    const newer = await writeStates(
      checkpoints,
      [
        { id: 'lease_totals', at: 5, document: { _id: 'lease_totals', position: 5 } },
        { id: '$processed', at: 5, document: { _id: '$processed', position: 5 } },
      ],
      'position',
    );
    expect([...newer]).toEqual(['lease_totals']);
    expect(await checkpoints.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: '$processed', position: 5 },
      { _id: 'lease_totals', position: 7 },
    ]);
  });

  it('does not let a late batch bring back a document a newer batch deleted', async () => {
    await events.appendToStream('s-a', [counted(1)]);
    await events.appendToStream('s-a', [counted(0)]);
    await events.appendToStream('s-b', [counted(5)]);
    const [first, second, third] = await events.readAll();
    const collection = reads.collection<TotalDoc>('fenced_removals');
    const deletions = { tombstones: reads.collection<Tombstone>('fenced_tombstones'), landedLate: () => true };
    // The late node loaded its documents before the leader deleted s-a, and lands its batch after it.
    const stale = foundNothing(collection);
    await applyBatch(removals, collection, [first, second], { fenced: true, deletions });
    const changes = await applyBatch(removals, stale, [first, third], { fenced: true, deletions });
    expect(changes.map((change) => change.documentId)).toEqual(['s-b']);
    expect((await collection.find({}, { sort: { _id: 1 } })).map((doc) => withoutBookkeeping(doc))).toEqual([{ _id: 's-b', count: 1, total: 5 }]);

    // Landing before the deletion instead, it is deleted by it.
    await events.appendToStream('s-c', [counted(2)]);
    await events.appendToStream('s-c', [counted(0)]);
    const [created, deleted] = (await events.readAll()).slice(-2);
    await applyBatch(removals, stale, [created], { fenced: true, deletions });
    await applyBatch(removals, collection, [created, deleted], { fenced: true, deletions });
    expect(await collection.findOne({ _id: 's-c' })).toBeNull();
    // A document created again after its deletion stays.
    await events.appendToStream('s-a', [counted(7)]);
    const [again] = (await events.readAll()).slice(-1);
    await applyBatch(removals, collection, [again], { fenced: true, deletions });
    expect(withoutBookkeeping((await collection.findOne({ _id: 's-a' }))!)).toEqual({ _id: 's-a', count: 1, total: 7 });
  });

  it('gives the lease up when a node stops, so the next takes over without waiting for it to expire', async () => {
    const first = await node(new ReadStoreLease(reads, { holder: 'node-1', ttlMs: 60_000 }));
    const second = await node(new ReadStoreLease(reads, { holder: 'node-2', ttlMs: 60_000 }));
    expect(second.isLeading).toBe(false);
    await first.stop();
    // The lease would last a minute more had the node not given it up.
    const third = await node(new ReadStoreLease(reads, { holder: 'node-3', ttlMs: 60_000 }));
    expect(third.isLeading).toBe(true);
  });

  it('lets one of several nodes racing for a free or lapsed lease have it', async () => {
    const leases = Array.from({ length: 5 }, (_, index) => leaseFor(`racer-${index}`));
    const taken = await Promise.all(leases.map((lease) => lease.tryAcquire()));
    expect(taken.filter(Boolean)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 20));
    const retaken = await Promise.all(leases.map((lease) => lease.tryAcquire()));
    expect(retaken.filter(Boolean)).toHaveLength(1);
  });

  it('tells readers on a following node to wait while the leader first builds a new read model', async () => {
    await node(leaseFor('node-1'));
    const newer = totalsNamed('lease_totals_next');
    const follower = new ProjectionRunner(events, reads, [totals, newer], { lease: leaseFor('node-2'), followEveryMs: 50 });
    runners.push(follower);
    await follower.start();
    expect(follower.isLeading).toBe(false);
    // The leader does not run this projection (it is of a newer release), so it has no checkpoint yet.
    expect(follower.isBuilt(newer)).toBe(false);
    expect(() => follower.collection(newer)).toThrow(/being built/);
    expect(follower.isBuilt(totals)).toBe(true);
  });
});
