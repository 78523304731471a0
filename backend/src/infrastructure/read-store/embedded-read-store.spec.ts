import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { type ReadStore, StoreUnavailableError } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { EmbeddedReadStore, READ_MODELS_FILE } from './embedded-read-store';
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

describe('EmbeddedReadStore write-behind', () => {
  let dir: string;
  const opened: EmbeddedReadStore[] = [];
  const open = async (flushIntervalMs = 60_000, compaction?: { ratio: number; slackRows: number }) => {
    const store = await EmbeddedReadStore.open(dir, { flushIntervalMs, compaction });
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

  it('puts nothing on disk before a flush, then everything written up to the flush', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.insertOne({ _id: 'c1', state: 'ringing' });
    expect(await (await open()).collection('calls').find()).toEqual([]);

    await calls.updateOne({ _id: 'c1' }, { $set: { state: 'answered' } });
    await store.collection('checkpoints').replaceOne({ _id: 'calls' }, { _id: 'calls', position: 2 }, { upsert: true });
    await store.flush();
    await calls.insertOne({ _id: 'c2', state: 'ringing' });

    const reader = await open();
    expect(await reader.collection('calls').find()).toEqual([{ _id: 'c1', state: 'answered' }]);
    expect(await reader.collection('checkpoints').findOne({ _id: 'calls' })).toEqual({ _id: 'calls', position: 2 });
  });

  it('flushes on its own shortly after a write', async () => {
    const store = await open(10);
    await store.collection('calls').insertOne({ _id: 'c1' });
    const seen = await eventually(
      'the write-behind to reach the file',
      async () => {
        const reader = await open();
        const found = await reader.collection('calls').find();
        await reader.close();
        return found;
      },
      { until: (found) => found.length > 0, timeoutMs: 5_000 },
    );
    expect(seen).toEqual([{ _id: 'c1' }]);
  });

  it('persists deletions, drops and a collection recreated after its drop', async () => {
    const store = await open();
    const calls = store.collection('calls');
    await calls.insertOne({ _id: 'c1' });
    await calls.insertOne({ _id: 'c2' });
    await store.collection('old').insertOne({ _id: 'o1' });
    await store.flush();

    await calls.deleteOne({ _id: 'c1' });
    await store.dropCollection('old');
    await store.collection('old').insertOne({ _id: 'o2' });
    await store.close();

    const reader = await open();
    expect(await reader.collection('calls').find()).toEqual([{ _id: 'c2' }]);
    expect(await reader.collection('old').find()).toEqual([{ _id: 'o2' }]);
    expect(await reader.listCollections()).toEqual(['calls', 'old']);
  });

  it('compacts its document log once superseded versions pile up, keeping the latest state', async () => {
    const logRows = () => {
      const db = new Database(join(dir, READ_MODELS_FILE));
      try {
        return (db.prepare('SELECT count(*) FROM read_document_log').raw(true).get() as [number])[0];
      } finally {
        db.close();
      }
    };
    const store = await open(60_000, { ratio: 2, slackRows: 10 });
    const counters = store.collection('counters');
    await store.collection('gone').insertOne({ _id: 'g1' });
    await store.flush();
    await store.dropCollection('gone');
    for (let round = 1; round <= 20; round++) {
      await counters.bulkWrite(
        ['a', 'b', 'c'].map((id) => ({ updateOne: { filter: { _id: id }, update: { $set: { round } }, upsert: true } })),
      );
      if (round === 20) await counters.deleteOne({ _id: 'c' });
      await store.flush();
      expect(logRows()).toBeLessThanOrEqual(3 * 2 + 10 + 3);
    }
    const reader = await open();
    expect(await reader.collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', round: 20 },
      { _id: 'b', round: 20 },
    ]);
    expect(await reader.listCollections()).toEqual(['counters']);
  });

  it('keeps non-JSON numbers and nested dates across a restart', async () => {
    const store = await open();
    const doc = { _id: 'm1', ratio: Number.NaN, ceiling: Number.POSITIVE_INFINITY, at: [{ when: new Date(Date.UTC(2030, 0, 1)) }] };
    await store.collection('metrics').insertOne(doc);
    await store.close();
    expect(await (await open()).collection('metrics').findOne({ _id: 'm1' })).toEqual(doc);
  });

  it('refuses values a document cannot hold and drops undefined fields', async () => {
    const store = await open();
    const metrics = store.collection('metrics');
    await expect(metrics.insertOne({ _id: 'm1', size: BigInt(1) })).rejects.toThrow(TypeError);
    await expect(metrics.insertOne({ _id: 'm1', names: new Set(['a']) })).rejects.toThrow(TypeError);
    await metrics.insertOne({ _id: 'm1', gone: undefined, list: [undefined] });
    expect(await metrics.findOne({ _id: 'm1' })).toEqual({ _id: 'm1', list: [null] });
  });

  it('while its file is locked: keeps serving from memory, reports down, and writes everything once free', async () => {
    const store = await open(10);
    await store.collection('calls').insertOne({ _id: 'c1', state: 'ringing' });
    await store.flush();
    const holder = new Database(join(dir, READ_MODELS_FILE));
    holder.exec('BEGIN EXCLUSIVE');
    try {
      expect(await store.health()).toMatchObject({ state: 'down', detail: expect.stringContaining('database is locked') });
      await store.collection('calls').updateOne({ _id: 'c1' }, { $set: { state: 'answered' } });
      await store.collection('calls').insertOne({ _id: 'c2', state: 'ringing' });
      expect(await store.collection('calls').countDocuments()).toBe(2);
      await expect(store.flush()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.health()).resolves.toMatchObject({ state: 'down', detail: expect.stringContaining('kept in memory') });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await expect(store.health()).resolves.toMatchObject({ state: 'up' });
    const reader = await open();
    expect(await reader.collection('calls').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'c1', state: 'answered' },
      { _id: 'c2', state: 'ringing' },
    ]);
  });

  it('reports itself down once closed and refuses further use', async () => {
    const store = await open();
    await store.close();
    expect((await store.health()).state).toBe('down');
    expect(() => store.collection('calls')).toThrow('closed');
  });
});
