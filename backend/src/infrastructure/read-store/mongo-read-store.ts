import type { Collection, Document, PortHealth, ReadStore } from '@ringcheck/projections';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { MongoCollection, type MongoCollectionOptions } from './mongo-collection';
import { translateError } from './mongo-errors';

export const DEFAULT_DATABASE_NAME = 'ringcheck';
/**
 * How long an operation waits for a reachable server, and a new connection for its handshake: short,
 * so that a request meeting a stopped server answers "unavailable" within seconds instead of hanging.
 */
const SERVER_SELECTION_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 3000;
const HEALTH_TIMEOUT_MS = 2000;

/** The read store on a MongoDB server (or anything speaking its wire protocol). */
export class MongoReadStore implements ReadStore {
  readonly adapterName = 'mongodb';
  private closed = false;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly collectionOptions: MongoCollectionOptions,
  ) {}

  /** Connects to `uri`; the database is `dbName`, else the URI's path, else `ringcheck`. */
  static async connect(uri: string, dbName?: string): Promise<MongoReadStore> {
    const client = new MongoClient(uri, {
      ignoreUndefined: true,
      serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
    });
    await client.connect();
    const db = client.db(dbName ?? databaseNameFromUri(uri) ?? DEFAULT_DATABASE_NAME);
    return new MongoReadStore(client, db, { splitIn: await isFerretDb(db) });
  }

  /** Whether `$in` queries are asked one value at a time (on FerretDB, which scans for them). */
  get splitsIn(): boolean {
    return this.collectionOptions.splitIn === true;
  }

  get databaseName(): string {
    return this.db.databaseName;
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection(name), this.collectionOptions);
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db
      .listCollections({}, { nameOnly: true })
      .toArray()
      .catch((error: unknown) => Promise.reject(translateError(error)));
    return collections
      .map((collection) => collection.name)
      .filter((name) => !name.startsWith('system.'))
      .sort();
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      // Servers before MongoDB 7 refuse to drop a collection that does not exist.
      if (!(error instanceof MongoServerError && error.codeName === 'NamespaceNotFound')) throw translateError(error);
    }
  }

  async flush(): Promise<void> {
    // Every acknowledged MongoDB write is already durable to the configured write concern.
  }

  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    try {
      await this.db.command({ ping: 1 }, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      return { adapter: this.adapterName, state: 'up', detail: `database ${this.db.databaseName}` };
    } catch (error) {
      return { adapter: this.adapterName, state: 'down', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }
}

/** FerretDB answers buildInfo with its own version beside the MongoDB one it speaks as. */
async function isFerretDb(db: Db): Promise<boolean> {
  try {
    const info = await db.admin().command({ buildInfo: 1 });
    return typeof info.ferretdbVersion === 'string';
  } catch {
    return false;
  }
}

/** The database named in a `mongodb://` or `mongodb+srv://` URI's path, if any. */
export function databaseNameFromUri(uri: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(uri);
  const name = match ? decodeURIComponent(match[1]) : '';
  return name || undefined;
}
