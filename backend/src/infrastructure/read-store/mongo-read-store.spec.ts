import { MongoClient } from 'mongodb';
import type { ReadStore } from '@ringcheck/projections';
import { databaseNameFromUri, MongoReadStore } from './mongo-read-store';
import { describeReadStoreContract } from './read-store.contract';

const uri = process.env.MONGODB_URI;
const SKIP_MESSAGE = 'MONGODB_URI not set: skipping the MongoDB contract suite';

describe('databaseNameFromUri', () => {
  it('reads the database from the URI path', () => {
    expect(databaseNameFromUri('mongodb://127.0.0.1:27027/ringcheck_test?retryWrites=false')).toBe('ringcheck_test');
    expect(databaseNameFromUri('mongodb://a:1,b:2/reads')).toBe('reads');
    expect(databaseNameFromUri('mongodb+srv://user:pw@cluster.example.test/app')).toBe('app');
    expect(databaseNameFromUri('mongodb://127.0.0.1:27027/')).toBeUndefined();
    expect(databaseNameFromUri('mongodb://127.0.0.1:27027')).toBeUndefined();
  });
});

if (!uri) {
  console.warn(SKIP_MESSAGE);
  describe('MongoReadStore', () => {
    it.skip(SKIP_MESSAGE, () => undefined);
  });
} else {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let counter = 0;
  let admin: MongoClient | undefined;

  afterAll(async () => {
    await admin?.close();
  });

  it('asks $in one value at a time on FerretDB, which scans the collection for it, and not on MongoDB', async () => {
    admin ??= await new MongoClient(uri).connect();
    const info = await admin.db('admin').command({ buildInfo: 1 });
    const store = await MongoReadStore.connect(uri, `ringcheck_split_${runId}`);
    try {
      expect(store.splitsIn).toBe(typeof info.ferretdbVersion === 'string');
    } finally {
      await store.close();
    }
  });

  describeReadStoreContract('mongodb', async () => {
    const dbName = `ringcheck_contract_${runId}_${counter++}`;
    const opened: ReadStore[] = [];
    const open = async () => {
      const store = await MongoReadStore.connect(uri, dbName);
      opened.push(store);
      return store;
    };
    return {
      store: await open(),
      reopen: open,
      cleanup: async () => {
        for (const store of opened) await store.close();
        admin ??= await new MongoClient(uri).connect();
        await admin.db(dbName).dropDatabase();
      },
    };
  });
}
