/**
 * The read store port: document collections with MongoDB query and update semantics.
 * Adapters: embedded (mingo, persisted to a local file) and MongoDB. Both pass one contract suite.
 * Every document has a string `_id`.
 */
import type { PortHealth } from './event-store';

export type Document = { _id: string; [key: string]: unknown };
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  limit?: number;
  skip?: number;
  projection?: Record<string, 0 | 1>;
  /**
   * The caller only reads the documents, then lets them go: a store may hand out the objects it keeps
   * (the embedded store's parsed cache) instead of copies. Changing one would change the store's.
   */
  shared?: boolean;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
}

export interface IndexBuildOptions {
  /**
   * The collection is empty and being loaded, and nobody queries it until `createIndexes` is called
   * again without this: the engine may keep the keys as documents are written and build what searches
   * them then, in one pass. Unique indexes are built at once regardless.
   */
  loading?: boolean;
  /**
   * With `loading`: the process serves meanwhile. The engine loads that way only where the writing and
   * the final build happen off the thread that serves; otherwise it keeps the indexes as it writes.
   */
  serving?: boolean;
  /**
   * The collection holds documents and is being read: the engine may build new non-unique indexes
   * beside serving and return at once. Until one is built, queries are answered as they were without
   * it (the same documents, through another index or by reading them all).
   */
  background?: boolean;
}

export interface BulkWriteOptions {
  /**
   * False: the operations touch different documents and may land in any order, side by side (several
   * commands at once on a store across the network). A failing one stops none of the others; which of
   * them landed is then unknown. Default true: in order, stopping at the first that fails.
   */
  ordered?: boolean;
}

export type BulkOperation<T extends Document> =
  /** Fails as a duplicate when a document with its `_id` exists. */
  | { insertOne: { document: T } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { deleteOne: { filter: Filter } };

export interface Collection<T extends Document = Document> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(doc: T): Promise<void>;
  replaceOne(filter: Filter, doc: T, options?: UpdateOptions): Promise<UpdateResult>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter?: Filter): Promise<number>;
  /** Applied in order (unless told otherwise); one round trip where the engine allows it. */
  bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void>;
  createIndex(index: IndexSpec): Promise<void>;
  /** Several indexes at once: built in one pass over the documents where the engine can. */
  createIndexes(indexes: readonly IndexSpec[], options?: IndexBuildOptions): Promise<void>;
  /**
   * A value that differs whenever the collection's documents may have changed since it was taken; null
   * (or no method) where the store cannot tell, so nothing built from the collection may be kept. With a
   * scope, only the documents in it count (before or after their change).
   */
  changeToken?(scope?: ChangeScope): string | null;
}

/** The documents whose top-level `field` holds one of `values` (strings), such as one owner's calls. */
export interface ChangeScope {
  field: string;
  values: readonly string[];
}

export interface ReadStore {
  readonly adapterName: string;
  collection<T extends Document = Document>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Makes every write so far durable (the embedded adapter writes behind; MongoDB: no-op). */
  flush(): Promise<void>;
  health(): Promise<PortHealth>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(readonly collectionName: string, readonly key: unknown) {
    super(`Duplicate key in ${collectionName}: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}
