import { eventually } from '../../../test/eventually';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { DuplicateKeyError, type IndexSpec, type ReadStore, StoreUnavailableError } from '@ringcheck/projections';
import type { EmbeddedCollection } from './embedded-collection';
import { EmbeddedReadStore, type EmbeddedReadStoreOptions, READ_MODELS_FILE } from './embedded-read-store';
import type { QueryExplanation } from './query-plan';
import { describeReadStoreContract } from './read-store.contract';

async function temporaryDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'ringcheck-read-store-'));
}

describeReadStoreContract('embedded', async () => {
  const dir = await temporaryDir();
  const opened: ReadStore[] = [];
  const open = async () => {
    const store = await EmbeddedReadStore.open(dir);
    opened.push(store);
    return store;
  };
  return {
    store: await open(),
    reopen: open,
    cleanup: async () => {
      for (const store of opened) await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('EmbeddedReadStore on disk', () => {
  let dir: string;
  const opened: EmbeddedReadStore[] = [];
  const open = async (options: EmbeddedReadStoreOptions = {}) => {
    const store = await EmbeddedReadStore.open(dir, options);
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    dir = await temporaryDir();
  });

  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts every write on disk when it returns; a store already open elsewhere notices within a quarter second', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const reader = await open();
    await calls.insertOne({ _id: 'c1', state: 'ringing' });
    expect(await (await open()).collection('calls').find()).toEqual([{ _id: 'c1', state: 'ringing' }]);
    expect(await reader.collection('calls').find()).toEqual([{ _id: 'c1', state: 'ringing' }]);
    await calls.updateOne({ _id: 'c1' }, { $set: { state: 'answered' } });
    expect(await (await open()).collection('calls').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', state: 'answered' });
    await eventually('the open reader to see the update', () => reader.collection('calls').findOne({ _id: 'c1' }), {
      until: (doc) => doc?.state === 'answered',
      timeoutMs: 300,
    });
    await reader.collection('calls').deleteOne({ _id: 'c1' });
    await eventually('the writer to see the deletion', () => calls.findOne({ _id: 'c1' }), { until: (doc) => doc === null, timeoutMs: 300 });
  });

  it('gives each collection a change token that differs after any write to it, its drop, or another connection’s commit', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const other = store.collection('discoveries');
    const tokens = new Set<string>();
    const taken = () => {
      const token = calls.changeToken!()!;
      expect(tokens.has(token)).toBe(false);
      tokens.add(token);
      return token;
    };
    taken();
    await calls.insertOne({ _id: 'c1', state: 'ringing' });
    const afterInsert = taken();
    await other.insertOne({ _id: 'd1' });
    expect(calls.changeToken!()).toBe(afterInsert);
    await calls.updateOne({ _id: 'c1' }, { $set: { state: 'answered' } });
    taken();
    await calls.deleteOne({ _id: 'c1' });
    taken();
    await store.dropCollection('calls');
    taken();
    await (await open()).collection('calls').insertOne({ _id: 'c2' });
    await eventually('the other connection’s commit to be noticed', async () => calls.changeToken!(), { until: (token) => !tokens.has(token!), timeoutMs: 300 });
  });

  it('gives a scope of a collection a change token that only writes to documents in it, before or after, change', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const scope = { field: 'ownerId', values: ['u1', 'anon1'] };
    await calls.insertOne({ _id: 'c0', ownerId: 'u1' });
    const tokens = new Set<string>();
    const changed = () => {
      const token = calls.changeToken!(scope)!;
      expect(tokens.has(token)).toBe(false);
      tokens.add(token);
    };
    const unchanged = () => expect(tokens.has(calls.changeToken!(scope)!)).toBe(true);
    changed();
    await calls.insertOne({ _id: 'c1', ownerId: 'u2' });
    await calls.bulkWrite([{ updateOne: { filter: { _id: 'c1' }, update: { $set: { state: 'answered' } } } }]);
    await calls.deleteOne({ _id: 'c1' });
    unchanged();
    await calls.insertOne({ _id: 'c2', ownerId: 'anon1' });
    changed();
    await calls.replaceOne({ _id: 'c2' }, { _id: 'c2', ownerId: 'u3' });
    changed();
    await calls.updateOne({ _id: 'c2' }, { $set: { state: 'answered' } });
    unchanged();
    await calls.deleteOne({ _id: 'c0' });
    changed();
    await store.dropCollection('calls');
    changed();
  });

  it('writes to a collection another connection created since it last looked, instead of creating it again', async () => {
    const server = await open();
    const tool = await open();
    expect(await server.listCollections()).toEqual([]);
    await tool.collection('sessions').insertOne({ _id: 's1' });
    // Within the quarter second in which the server has not looked for other connections' commits.
    await server.collection('sessions').insertOne({ _id: 's2' });
    expect(await server.collection('sessions').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 's1' }, { _id: 's2' }]);
    expect(await tool.listCollections()).toEqual(['sessions']);
    await tool.collection('calls').insertOne({ _id: 'c1', status: 'queued' });
    await server.collection('calls').createIndexes([{ keys: { status: 1 }, name: 'status' }]);
    expect(await server.collection('calls').find({ status: 'queued' })).toEqual([{ _id: 'c1', status: 'queued' }]);
    await tool.dropCollection('sessions');
    await server.collection('sessions').insertOne({ _id: 's3' });
    expect(await (await open()).collection('sessions').find()).toEqual([{ _id: 's3' }]);
  });

  it('persists deletions, drops and a collection recreated after its drop', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.insertOne({ _id: 'c1' });
    await calls.insertOne({ _id: 'c2' });
    await store.collection('old').insertOne({ _id: 'o1' });
    await calls.deleteOne({ _id: 'c1' });
    await store.dropCollection('old');
    await store.collection('old').insertOne({ _id: 'o2' });
    await store.close();

    const reader = await open();
    expect(await reader.collection('calls').find()).toEqual([{ _id: 'c2' }]);
    expect(await reader.collection('old').find()).toEqual([{ _id: 'o2' }]);
    expect(await reader.listCollections()).toEqual(['calls', 'old']);
  });

  it('keeps parsed documents within its cache bound however many it holds', async () => {
    const store = await open({ cacheBytes: 64 * 1024 });
    const calls = store.collection('calls');
    const padding = 'x'.repeat(1000);
    for (let batch = 0; batch < 20; batch++) {
      await calls.bulkWrite(
        Array.from({ length: 50 }, (_, i) => ({ replaceOne: { filter: { _id: `c${batch * 50 + i}` }, replacement: { _id: `c${batch * 50 + i}`, padding }, upsert: true } })),
      );
    }
    for (let i = 0; i < 1000; i += 7) expect((await calls.findOne({ _id: `c${i}` }))?.padding).toBe(padding);
    expect(await calls.countDocuments()).toBe(1000);
    const detail = (await store.health()).detail ?? '';
    const cachedKb = Number(/cache (\d+) kB/.exec(detail)?.[1]);
    expect(cachedKb).toBeLessThanOrEqual(64);
  });

  it('answers list queries through an index, in the index order, reading only the page', async () => {
    const seen: QueryExplanation[] = [];
    const store = await open({ onQuery: (_collection, explanation) => seen.push(explanation) });
    const calls = store.collection('calls');
    await calls.createIndex({ keys: { ownerId: 1, createdAt: -1 }, name: 'owner_created' });
    await calls.createIndex({ keys: { tags: 1 }, name: 'tags' });
    const docs = Array.from({ length: 40 }, (_, i) => ({
      _id: `c${String(i).padStart(2, '0')}`,
      ownerId: i % 2 === 0 ? 'u1' : 'u2',
      createdAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:${String(i).padStart(2, '0')}Z`,
      tags: i % 3 === 0 ? ['a', 'b'] : ['b'],
    }));
    await calls.bulkWrite(docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })));

    const expected = docs.filter((doc) => doc.ownerId === 'u1').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(await calls.find({ ownerId: 'u1' }, { sort: { createdAt: -1 }, limit: 5 })).toEqual(expected.slice(0, 5));
    expect(await calls.find({ ownerId: 'u1' }, { sort: { createdAt: -1 }, skip: 5, limit: 5 })).toEqual(expected.slice(5, 10));
    expect(seen.at(-1)).toEqual({ kind: 'index', index: 'owner_created', sort: 'index' });
    expect(await calls.find({ ownerId: { $in: ['u1', 'u2'] }, createdAt: { $gt: '2026-01-20' } }, { sort: { createdAt: 1 } })).toEqual(
      docs.filter((doc) => doc.createdAt > '2026-01-20').sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    );
    expect(seen.at(-1)).toMatchObject({ kind: 'index', index: 'owner_created', sort: 'index' });
    expect((await calls.find({ tags: 'a' })).map((doc) => doc._id)).toEqual(docs.filter((doc) => doc.tags.includes('a')).map((doc) => doc._id).sort());
    expect(seen.at(-1)).toMatchObject({ kind: 'index', index: 'tags' });
    expect(await calls.countDocuments({ tags: 'b' })).toBe(40);
    await calls.find({ state: 'x' });
    expect(seen.at(-1)).toEqual({ kind: 'scan', sort: 'none' });
  });

  describe('an index added beside serving', () => {
    const spec: IndexSpec = { keys: { ownerId: 1, status: 1 }, name: 'owner_status' };
    const docs = Array.from({ length: 450 }, (_, i) => ({ _id: `c${String(i).padStart(3, '0')}`, ownerId: `u${i % 7}`, status: i % 3 === 0 ? 'failed' : 'completed' }));
    const expectedIds = (ownerId: string, status: string, all = docs) => all.filter((doc) => doc.ownerId === ownerId && doc.status === status).map((doc) => doc._id);
    const keyRows = (ix: number) => {
      const file = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
      try {
        const keys = (file.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs_k%'`).get() as { name: string }).name;
        return (file.prepare(`SELECT COUNT(*) AS n FROM ${keys} WHERE ix = ?`).get(ix) as { n: number }).n;
      } finally {
        file.close();
      }
    };

    async function seeded(store: EmbeddedReadStore) {
      const calls = store.collection('calls') as EmbeddedCollection;
      await calls.createIndex({ keys: { ownerId: 1 }, name: 'owner' });
      await calls.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
      return calls;
    }

    it('is declared at once, searched once its keys are filled a slice at a time, and keeps the documents written meanwhile', async () => {
      const store = await open();
      const calls = await seeded(store);
      await calls.createIndexes([spec], { background: true });
      expect(calls.explain({ ownerId: 'u1', status: 'failed' })).toMatchObject({ kind: 'index', index: 'owner' });
      // Between two slices: a document changes the key it has, another is deleted, a third is new.
      await new Promise((resolve) => setImmediate(resolve));
      await calls.updateOne({ _id: 'c001' }, { $set: { status: 'failed' } });
      await calls.deleteOne({ _id: 'c008' });
      await calls.insertOne({ _id: 'c900', ownerId: 'u1', status: 'failed' });
      const now = docs
        .filter((doc) => doc._id !== 'c008')
        .map((doc) => (doc._id === 'c001' ? { ...doc, status: 'failed' } : doc))
        .concat({ _id: 'c900', ownerId: 'u1', status: 'failed' });
      expect((await calls.find({ ownerId: 'u1', status: 'failed' })).map((doc) => doc._id).sort()).toEqual(expectedIds('u1', 'failed', now));

      await store.indexesBuilt();
      expect(calls.explain({ ownerId: 'u1', status: 'failed' })).toMatchObject({ kind: 'index', index: 'owner_status' });
      for (const ownerId of ['u1', 'u3']) {
        for (const status of ['failed', 'completed']) {
          expect((await calls.find({ ownerId, status })).map((doc) => doc._id).sort()).toEqual(expectedIds(ownerId, status, now));
          expect(await calls.countDocuments({ ownerId, status })).toBe(expectedIds(ownerId, status, now).length);
        }
      }
      // One key row a document: none twice, none left of the deleted one.
      expect(keyRows(2)).toBe(now.length);
    });

    it('is filled on after a restart, when its indexes are asked for again', async () => {
      const first = await open();
      const calls = await seeded(first);
      await calls.createIndexes([spec], { background: true });
      // Closed after a slice at most: the rest of the keys are not there.
      await first.close();
      expect(keyRows(2)).toBeLessThan(docs.length);

      const store = await open();
      const again = store.collection('calls') as EmbeddedCollection;
      expect(again.explain({ ownerId: 'u2', status: 'completed' })).toMatchObject({ kind: 'index', index: 'owner' });
      // Asked for with another, new one: that one is built at once, and this one filled before it returns.
      await again.createIndexes([{ keys: { ownerId: 1 }, name: 'owner' }, spec, { keys: { status: 1 }, name: 'status' }]);
      expect(again.explain({ ownerId: 'u2', status: 'completed' })).toMatchObject({ kind: 'index', index: 'owner_status' });
      expect((await again.find({ ownerId: 'u2', status: 'completed' })).map((doc) => doc._id).sort()).toEqual(expectedIds('u2', 'completed'));
      expect(keyRows(2)).toBe(docs.length);
    });
  });

  it('keys a collection being loaded as it writes it, and makes its keys right and searchable when its indexes are created again', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.createIndexes([{ keys: { ownerId: 1, createdAt: -1 }, name: 'owner_created' }], { loading: true });
    const docs = ['c1', 'c2', 'c3'].map((id, i) => ({ _id: id, ownerId: i === 1 ? 'u2' : 'u1', createdAt: `2026-01-0${i + 1}` }));
    await calls.bulkWrite(docs.map((doc) => ({ insertOne: { document: doc } })));
    // Written on the loader's thread: in the file once flushed.
    await store.flush();
    const file = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
    const keyIndexes = () => (file.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'rs_k%'`).all() as { name: string }[]).map((row) => row.name);
    try {
      const keysTable = (file.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs_k%'`).get() as { name: string }).name;
      const keyRows = () => (file.prepare(`SELECT COUNT(*) AS n FROM ${keysTable}`).get() as { n: number }).n;
      expect(keyRows()).toBe(3);
      expect(keyIndexes()).toEqual([]);
      // Written again and deleted while loading: their old keys stay until the end.
      const moved = { ...docs[0], ownerId: 'u3' };
      await calls.bulkWrite([{ replaceOne: { filter: { _id: 'c1' }, replacement: moved, upsert: true } }, { deleteOne: { filter: { _id: 'c2' } } }]);
      await store.flush();

      // A store opened meanwhile (after a restart) does not know which: it keys every document again.
      const again = (await open()).collection('calls');
      await again.createIndexes([{ keys: { ownerId: 1, createdAt: -1 }, name: 'owner_created' }]);
      expect(keyIndexes().sort()).toEqual([`${keysTable}_id`, `${keysTable}_keys`]);
      expect(keyRows()).toBe(2);
      expect(await again.find({ ownerId: 'u1' }, { sort: { createdAt: -1 } })).toEqual([docs[2]]);
      expect(await again.find({ ownerId: 'u3' })).toEqual([moved]);
      expect(await again.find({ ownerId: 'u2' })).toEqual([]);
    } finally {
      file.close();
    }
  });

  it('writes a collection being loaded on a thread of its own: read by id at once, in the file once flushed, searchable once indexed', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const index: IndexSpec[] = [{ keys: { ownerId: 1 }, name: 'owner' }];
    await calls.createIndexes(index, { loading: true });
    const docs = Array.from({ length: 3000 }, (_, i) => ({ _id: `c${i}`, ownerId: `u${i % 3}` }));
    for (let start = 0; start < docs.length; start += 100) await calls.bulkWrite(docs.slice(start, start + 100).map((document) => ({ insertOne: { document } })));
    await calls.replaceOne({ _id: 'c0' }, { _id: 'c0', ownerId: 'u9' });
    await calls.deleteOne({ _id: 'c1' });
    // By id, whether the thread has written them yet or not.
    expect(await calls.find({ _id: { $in: ['c0', 'c1', 'c2999'] } })).toEqual([
      { _id: 'c0', ownerId: 'u9' },
      { _id: 'c2999', ownerId: 'u2' },
    ]);
    await expect(calls.insertOne({ _id: 'c2', ownerId: 'u1' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await store.flush();
    const file = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
    try {
      const documentsTable = (file.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs_d%'`).get() as { name: string }).name;
      expect((file.prepare(`SELECT COUNT(*) AS n FROM ${documentsTable}`).get() as { n: number }).n).toBe(2999);
    } finally {
      file.close();
    }
    await calls.createIndexes(index);
    expect(await calls.countDocuments({ ownerId: 'u0' })).toBe(999);
    expect(await calls.countDocuments({ ownerId: 'u1' })).toBe(999);
    expect(await calls.countDocuments({ ownerId: 'u2' })).toBe(1000);
    expect(await calls.countDocuments({ ownerId: 'u9' })).toBe(1);
    // Released: written here again, in one transaction, as any collection.
    await calls.insertOne({ _id: 'c1', ownerId: 'u1' });
    expect(await calls.countDocuments({ ownerId: 'u1' })).toBe(1000);
  });

  it('stores an upsert by _id into a collection being loaded on the thread without reading it first, as a replacement of any older one', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const index: IndexSpec[] = [{ keys: { ownerId: 1 }, name: 'owner' }];
    await calls.createIndexes(index, { loading: true });
    await calls.bulkWrite(['c1', 'c2'].map((id) => ({ insertOne: { document: { _id: id, ownerId: 'u1' } } })));
    await store.flush();
    // A replacement may leave `_id` out: the filter's is kept, as MongoDB does.
    const withoutId = { ownerId: 'u2' } as unknown as { _id: string };
    await calls.bulkWrite([
      { replaceOne: { filter: { _id: 'c1' }, replacement: { _id: 'c1', ownerId: 'u2' }, upsert: true } },
      { replaceOne: { filter: { _id: 'c3' }, replacement: withoutId, upsert: true } },
    ]);
    await expect(calls.bulkWrite([{ replaceOne: { filter: { _id: 'c2' }, replacement: { _id: 'c9', ownerId: 'u2' }, upsert: true } }])).rejects.toThrow(
      "The replacement would modify the immutable field '_id'",
    );
    expect(await calls.find({ _id: { $in: ['c1', 'c2', 'c3'] } })).toEqual([
      { _id: 'c1', ownerId: 'u2' },
      { _id: 'c2', ownerId: 'u1' },
      { _id: 'c3', ownerId: 'u2' },
    ]);
    await calls.createIndexes(index);
    expect((await calls.find({ ownerId: 'u2' })).map((doc) => doc._id).sort()).toEqual(['c1', 'c3']);
    expect((await calls.find({ ownerId: 'u1' })).map((doc) => doc._id)).toEqual(['c2']);
  });

  it('writes nothing into a collection it serves without reading the stored version first', async () => {
    const store = await open();
    const info = store.ensure('calls');
    expect(() => store.write(() => store.put(info, { _id: 'c1' }, false, 'unread'))).toThrow('its stored version must be read first');
    expect(await store.collection('calls').countDocuments({})).toBe(0);
  });

  it('searches a collection being loaded on the thread once its writes are in, and writes it here from then on', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.createIndexes([{ keys: { ownerId: 1 } }], { loading: true });
    await calls.bulkWrite(['c1', 'c2', 'c3'].map((id, i) => ({ insertOne: { document: { _id: id, ownerId: i < 2 ? 'u1' : 'u2' } } })));
    expect(await calls.deleteMany({ ownerId: 'u1' })).toBe(2);
    await calls.bulkWrite([{ insertOne: { document: { _id: 'c4', ownerId: 'u2' } } }]);
    // Given back to this thread by the search: inside a write now as any collection.
    let counted: Promise<number> | undefined;
    store.write(() => (counted = calls.countDocuments({ ownerId: 'u2' })));
    await expect(counted).resolves.toBe(2);
    await calls.createIndexes([{ keys: { ownerId: 1 } }]);
    expect((await calls.find({ ownerId: 'u2' })).map((doc) => doc._id)).toEqual(['c3', 'c4']);
    expect(await calls.countDocuments({ ownerId: 'u1' })).toBe(0);
  });

  it('refuses to search a collection being loaded on the thread inside a write, where its writes could not land', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.createIndexes([{ keys: { ownerId: 1 } }], { loading: true });
    await calls.insertOne({ _id: 'c1', ownerId: 'u1' });
    let counted: Promise<number> | undefined;
    store.write(() => (counted = calls.countDocuments({ ownerId: 'u1' })));
    await expect(counted).rejects.toThrow('search it (otherwise than by _id) before a write');
    expect(await calls.countDocuments({ ownerId: 'u1' })).toBe(1);
  });

  it('makes a collection loaded on the thread searchable there, while writes of other collections wait for its lock instead of failing', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const index: IndexSpec[] = [{ keys: { ownerId: 1 } }, { keys: { at: 1 } }];
    await calls.createIndexes(index, { loading: true, serving: true });
    const docs = Array.from({ length: 20_000 }, (_, i) => ({ _id: `c${i}`, ownerId: `u${i % 7}`, at: i, text: 'x'.repeat(200) }));
    for (let start = 0; start < docs.length; start += 500) await calls.bulkWrite(docs.slice(start, start + 500).map((document) => ({ insertOne: { document } })));
    const finished = calls.createIndexes(index);
    const users = store.collection('users');
    const writes = Array.from({ length: 20 }, (_, i) => users.insertOne({ _id: `u${i}` }));
    const health = store.health();
    await Promise.all([finished, ...writes]);
    expect((await health).state).toBe('up');
    expect(await users.countDocuments({})).toBe(20);
    expect(await calls.countDocuments({ ownerId: 'u3' })).toBe(2857);
    expect((calls as EmbeddedCollection).explain({ at: { $gte: 19_990 } })).toMatchObject({ kind: 'index' });
    expect((await calls.find({ at: { $gte: 19_998 } }, { sort: { at: 1 } })).map((doc) => doc._id)).toEqual(['c19998', 'c19999']);
  });

  it('keeps its process alive while the loader thread finishes a collection (nothing else holds it open)', () => {
    // The compiled store, as the command-line rebuild runs it.
    const compiled = join(__dirname, '../../../dist/infrastructure/read-store/embedded-read-store');
    const script = `
      const { EmbeddedReadStore } = require(${JSON.stringify(compiled)});
      (async () => {
        const store = await EmbeddedReadStore.open(${JSON.stringify(dir)});
        const calls = store.collection('calls');
        await calls.createIndexes([{ keys: { ownerId: 1 } }], { loading: true });
        await calls.bulkWrite(Array.from({ length: 30000 }, (_, i) => ({ insertOne: { document: { _id: 'c' + i, ownerId: 'u' + (i % 5), at: i } } })));
        await calls.createIndexes([{ keys: { ownerId: 1 } }]);
        console.log('indexed', await calls.countDocuments({ ownerId: 'u1' }));
        await store.close();
      })();`;
    const file = join(dir, 'load.js');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('indexed 6000');
  });

  it('keeps the indexes as it writes a collection loaded while serving, where it writes on this thread', async () => {
    const store = await open({ loadInThread: false });
    const calls = store.collection('calls');
    await calls.createIndexes([{ keys: { ownerId: 1 }, name: 'owner' }], { loading: true, serving: true });
    await calls.insertOne({ _id: 'c1', ownerId: 'u1' });
    const file = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
    try {
      const indexes = file.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'rs_k%'`).all() as { name: string }[];
      expect(indexes.length).toBe(2);
    } finally {
      file.close();
    }
    expect(await calls.find({ ownerId: 'u1' })).toEqual([{ _id: 'c1', ownerId: 'u1' }]);
  });

  it('fails the next write or flush when the loader thread could not write, and goes on with other collections', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.createIndexes([{ keys: { ownerId: 1 } }], { loading: true });
    const table = new Database(join(dir, READ_MODELS_FILE));
    try {
      const documentsTable = (table.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs_d%'`).get() as { name: string }).name;
      table.exec(`CREATE TRIGGER refuse BEFORE INSERT ON ${documentsTable} BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END`);
    } finally {
      table.close();
    }
    await calls.insertOne({ _id: 'c1', ownerId: 'u1' });
    await expect(store.flush()).rejects.toThrow('refused by a trigger');
    // What it was loading is abandoned; its tables hold what they hold, keyed again from them if anyone finishes it.
    await calls.createIndexes([{ keys: { ownerId: 1 } }]);
    expect(await calls.countDocuments({})).toBe(0);
    await store.collection('users').insertOne({ _id: 'u1' });
    expect(await store.collection('users').findOne({ _id: 'u1' })).toEqual({ _id: 'u1' });
    await store.flush();
  });

  it('keeps only the last keys of documents written again, deleted or written in a rolled-back transaction while loading', async () => {
    const store = await open();
    const calls = store.collection('calls');
    const index: IndexSpec[] = [{ keys: { ownerId: 1 }, name: 'owner' }];
    await calls.createIndexes(index, { loading: true });
    const [c1, c2, c3] = ['c1', 'c2', 'c3'].map((id) => ({ _id: id, ownerId: 'u1' }));
    await calls.bulkWrite([c1, c2].map((document) => ({ insertOne: { document } })));
    // Its key rows are undone with it, and the rowids they took are handed out again below.
    expect(() =>
      store.write(() => {
        void calls.replaceOne({ _id: 'c1' }, { ...c1, ownerId: 'u9' });
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    await calls.replaceOne({ _id: 'c2' }, { ...c2, ownerId: 'u2' });
    await calls.replaceOne({ _id: 'c2' }, { ...c2, ownerId: 'u3' });
    await calls.insertOne(c3);
    await calls.deleteOne({ _id: 'c3' });
    await calls.insertOne({ ...c3, ownerId: 'u4' });
    await calls.insertOne({ _id: 'c4', ownerId: 'u5' });
    await calls.deleteOne({ _id: 'c4' });

    await calls.createIndexes(index);
    const owned = async (ownerId: string) => (await calls.find({ ownerId })).map((doc) => doc._id);
    expect(await owned('u1')).toEqual(['c1']);
    expect(await owned('u9')).toEqual([]);
    expect(await owned('u2')).toEqual([]);
    expect(await owned('u3')).toEqual(['c2']);
    expect(await owned('u4')).toEqual(['c3']);
    expect(await owned('u5')).toEqual([]);
    expect(await calls.countDocuments({ ownerId: { $in: ['u1', 'u3', 'u4'] } })).toBe(3);
    const file = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
    try {
      const keysTable = (file.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs_k%'`).get() as { name: string }).name;
      expect((file.prepare(`SELECT COUNT(*) AS n FROM ${keysTable}`).get() as { n: number }).n).toBe(3);
    } finally {
      file.close();
    }
  });

  it('keys a large write to a collection being loaded right, documents written again within it included', async () => {
    const store = await open();
    const metrics = store.collection('metrics');
    const indexes: IndexSpec[] = [{ keys: { kind: 1 } }, { keys: { at: 1 } }];
    await metrics.createIndexes(indexes, { loading: true });
    const docs = Array.from({ length: 4000 }, (_, i) => ({ _id: `m${i}`, kind: i % 2 === 0 ? 'even' : 'odd', at: i }));
    await metrics.bulkWrite([
      ...docs.map((document) => ({ insertOne: { document } })),
      { replaceOne: { filter: { _id: 'm0' }, replacement: { _id: 'm0', kind: 'moved', at: -1 } } },
      { deleteOne: { filter: { _id: 'm1' } } },
      { insertOne: { document: { _id: 'm1', kind: 'back', at: -2 } } },
      { replaceOne: { filter: { _id: 'm3999' }, replacement: { _id: 'm3999', kind: 'moved', at: -3 } } },
      { replaceOne: { filter: { _id: 'm2' }, replacement: { _id: 'm2', kind: 'gone', at: -4 } } },
      { deleteOne: { filter: { _id: 'm2' } } },
    ]);
    await metrics.createIndexes(indexes);
    expect((await metrics.find({ kind: 'moved' }, { sort: { at: 1 } })).map((doc) => doc._id)).toEqual(['m3999', 'm0']);
    expect(await metrics.find({ kind: 'back' })).toEqual([{ _id: 'm1', kind: 'back', at: -2 }]);
    expect(await metrics.countDocuments({ kind: 'gone' })).toBe(0);
    expect(await metrics.countDocuments({ kind: 'even' })).toBe(1998);
    expect(await metrics.countDocuments({ kind: 'odd' })).toBe(1998);
    expect(await metrics.countDocuments({ at: { $gte: 0 } })).toBe(3996);
  });

  it('moves a file of the earlier document-log format into collection tables, indexes included', async () => {
    const legacy = new Database(join(dir, READ_MODELS_FILE));
    legacy.exec(`
      CREATE TABLE read_collections (name TEXT PRIMARY KEY, indexes TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE read_document_log (seq INTEGER PRIMARY KEY, collection TEXT NOT NULL, id TEXT, doc TEXT, tagged INTEGER NOT NULL);
      INSERT INTO read_collections VALUES ('calls', '[{"keys":{"ownerId":1},"name":"owner"}]'), ('gone', '[]');
      INSERT INTO read_document_log (collection, id, doc, tagged) VALUES
        ('calls', 'c1', '{"_id":"c1","ownerId":"u1","v":1}', 0),
        ('calls', 'c2', '{"_id":"c2","ownerId":"u2"}', 0),
        ('calls', 'c1', '{"_id":"c1","ownerId":"u1","v":2}', 0),
        ('calls', 'c2', NULL, 0),
        ('calls', 'c3', '{"_id":"c3","at":{"$date":"0"}}', 1),
        ('gone', 'g1', '{"_id":"g1"}', 0),
        ('gone', NULL, NULL, 0);
    `);
    legacy.close();
    const store = await open();
    const calls = store.collection('calls') as EmbeddedCollection;
    expect(await calls.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'c1', ownerId: 'u1', v: 2 },
      { _id: 'c3', at: new Date(0) },
    ]);
    expect(await calls.find({ ownerId: 'u1' })).toEqual([{ _id: 'c1', ownerId: 'u1', v: 2 }]);
    expect(calls.explain({ ownerId: 'u1' })).toMatchObject({ kind: 'index', index: 'owner' });
    expect(await store.listCollections()).toEqual(['calls', 'gone']);
    expect(await store.collection('gone').find()).toEqual([]);
  });

  it('keeps non-JSON numbers and nested dates across a restart', async () => {
    const store = await open();
    const doc = { _id: 'm1', ratio: Number.NaN, ceiling: Number.POSITIVE_INFINITY, at: [{ when: new Date(Date.UTC(2030, 0, 1)) }] };
    await store.collection('metrics').insertOne(doc);
    await store.close();
    expect(await (await open()).collection('metrics').findOne({ _id: 'm1' })).toEqual(doc);
  });

  it('stores what a collection being loaded is given as any collection would, without keeping the object', async () => {
    const store = await open();
    const metrics = store.collection('metrics');
    await metrics.createIndexes([{ keys: { kind: 1 } }], { loading: true });
    await expect(metrics.insertOne({ _id: 'm0', names: new Set(['a']) })).rejects.toThrow(TypeError);
    const dated = { _id: 'm1', kind: 'a', ratio: Number.NaN, at: [{ when: new Date(Date.UTC(2030, 0, 1)) }], gone: undefined, list: [undefined] };
    const late = { kind: 'b', _id: 'm2' };
    await metrics.bulkWrite([{ insertOne: { document: dated } }, { insertOne: { document: late } }]);
    dated.kind = 'changed afterwards';
    await metrics.createIndexes([{ keys: { kind: 1 } }]);
    const { gone: _gone, ...stored } = { ...dated, kind: 'a', list: [null] };
    expect(await metrics.find({ kind: 'a' })).toEqual([stored]);
    const [m2] = await metrics.find({ kind: 'b' });
    expect(Object.keys(m2)).toEqual(['_id', 'kind']);
  });

  it('refuses values a document cannot hold and drops undefined fields', async () => {
    const store = await open();
    const metrics = store.collection('metrics');
    await expect(metrics.insertOne({ _id: 'm1', size: BigInt(1) })).rejects.toThrow(TypeError);
    await expect(metrics.insertOne({ _id: 'm1', names: new Set(['a']) })).rejects.toThrow(TypeError);
    await metrics.insertOne({ _id: 'm1', gone: undefined, list: [undefined] });
    expect(await metrics.findOne({ _id: 'm1' })).toEqual({ _id: 'm1', list: [null] });
  });

  it('while its file is locked: keeps answering reads, refuses writes as unavailable and reports down, then recovers', async () => {
    const store = await open();
    await store.collection('calls').insertOne({ _id: 'c1', state: 'ringing' });
    const holder = new Database(join(dir, READ_MODELS_FILE));
    holder.exec('BEGIN EXCLUSIVE');
    try {
      expect(await store.health()).toMatchObject({ state: 'down', detail: expect.stringContaining('database is locked') });
      await expect(store.collection('calls').updateOne({ _id: 'c1' }, { $set: { state: 'answered' } })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(await store.collection('calls').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', state: 'ringing' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await expect(store.health()).resolves.toMatchObject({ state: 'up' });
    await store.collection('calls').updateOne({ _id: 'c1' }, { $set: { state: 'answered' } });
    expect(await (await open()).collection('calls').findOne({ _id: 'c1' })).toEqual({ _id: 'c1', state: 'answered' });
  });

  it('reports itself down once closed and refuses further use', async () => {
    const store = await open();
    await store.close();
    expect((await store.health()).state).toBe('down');
    expect(() => store.collection('calls')).toThrow('closed');
  });
});
