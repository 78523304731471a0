import { randomBytes } from 'node:crypto';
import {
  type BulkOperation,
  type BulkWriteOptions,
  type ChangeScope,
  type Collection,
  type Document,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexBuildOptions,
  type IndexSpec,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from '@ringcheck/projections';
import { Query } from 'mingo';
import { type CollectionInfo, searchableIndexes } from './collection-catalog';
import type { CachedDocument } from './document-cache';
import { cloneStored, copyDocument, storedForm } from './document-copy';
import { sameValue } from './document-equality';
import { projectDocument } from './document-projection';
import { explain, planQuery, type QueryExplanation, type QueryPlan } from './query-plan';
import { applyUpdate, upsertSeed } from './update-application';

export type QueryObserver = (collection: string, explanation: QueryExplanation, filter: Filter, options: FindOptions) => void;

/** What a collection handle needs from the embedded store that owns it. */
export interface CollectionHost {
  readonly onQuery: QueryObserver | undefined;
  changeToken(name: string, scope?: ChangeScope): string;
  info(name: string): CollectionInfo | undefined;
  /** The collection, creating it if it does not exist yet. */
  ensure(name: string): CollectionInfo;
  read(info: CollectionInfo, id: string): CachedDocument | undefined;
  scan(info: CollectionInfo): Iterable<CachedDocument>;
  count(info: CollectionInfo): number;
  indexDocuments(info: CollectionInfo, where: string, params: Extract<QueryPlan, { kind: 'index' }>['params'], orderBy: string): Iterable<CachedDocument>;
  /** Documents with a key in an index range. */
  countIndexed(info: CollectionInfo, where: string, params: Extract<QueryPlan, { kind: 'index' }>['params']): number;
  /**
   * `previous`: the stored version, 'new' for a document that must not exist yet, or 'unread' (only for
   * a collection the loader thread writes) for one stored whether or not it exists, its old version unread.
   */
  put(info: CollectionInfo, doc: Document, tagged: boolean, previous: CachedDocument | 'new' | 'unread'): boolean;
  remove(info: CollectionInfo, doc: Document): void;
  addIndexes(info: CollectionInfo, specs: readonly IndexSpec[], options?: IndexBuildOptions): number;
  /** Ends the load of a collection the loader thread writes, its keys made searchable there; at once for any other. */
  finishLoad(info: CollectionInfo): Promise<void>;
  /** Resolves once none of the collection's indexes is still being filled beside serving. */
  indexesBuilt(name: string): Promise<void>;
  /** Runs `work` as one write (see WriteTarget). */
  write<T>(work: () => T, target?: WriteTarget): T;
  /** The same, waiting (without blocking this thread) while the store's own loader thread holds the write lock. */
  writeAsync<T>(work: () => T, target?: WriteTarget): Promise<T>;
  /** Runs `work` (which writes), again while the store's own loader thread holds the write lock. */
  retrying<T>(work: () => T): Promise<T>;
  /** False once SQLite has rolled back the open transaction itself (a full disk, an I/O error). */
  inTransaction(): boolean;
}

/**
 * The collection a write changes, and whether it finds documents by `_id` alone: then one being loaded on
 * the store's loader thread is written without a transaction here (the thread has its own).
 */
export interface WriteTarget {
  collection: string;
  byId: boolean;
}

const NOT_UPDATED: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedId: null };

/**
 * One collection of the embedded read store. Handles stay valid across dropCollection (like MongoDB's):
 * every call looks the collection up by name.
 */
export class EmbeddedCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly host: CollectionHost,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const info = this.host.info(this.name);
    if (!info) return [];
    const { sort, skip = 0, limit = 0, projection, shared } = options;
    const plan = this.plan(info, filter, options);
    const inOrder = !sort || Object.keys(sort).length === 0 || (plan.kind === 'index' && plan.sortedByIndex);
    // In order, reading stops once the page is full; otherwise every match is sorted first.
    const wanted = inOrder && limit > 0 ? skip + limit : Infinity;
    let results = this.matching(info, plan, filter, wanted).map((stored) => stored.doc);
    if (!inOrder) results = new Query({}, {}).find<Document>(results).sort(sort!).all();
    if (skip || limit) results = results.slice(skip, limit ? skip + limit : undefined);
    // Stored documents are shared with the cache: a projection builds new objects and leaves them be.
    if (projection) results = results.map((doc) => projectDocument(doc, projection));
    // Copying a page of 20 calls took as long as finding it.
    return shared ? (results as T[]) : results.map((doc) => cloneStored(doc) as T);
  }

  changeToken(scope?: ChangeScope): string {
    return this.host.changeToken(this.name, scope);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const info = this.host.info(this.name);
    if (!info) return null;
    const [match] = this.matching(info, this.plan(info, filter, {}), filter, 1);
    return match ? (cloneStored(match.doc) as T) : null;
  }

  /** How a query would be answered. */
  explain(filter: Filter = {}, options: FindOptions = {}): QueryExplanation {
    const info = this.host.info(this.name);
    return info ? explain(planQuery(filter, options.sort, searchableIndexes(info)), options.sort) : { kind: 'scan', sort: 'none' };
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const info = this.host.info(this.name);
    if (!info) return 0;
    if (Object.keys(filter).length === 0) return this.host.count(info);
    const plan = this.plan(info, filter, {});
    // The index alone answers it: no document is read.
    if (plan.kind === 'index' && plan.exact) return this.host.countIndexed(info, plan.where, plan.params);
    return this.matching(info, plan, filter, Infinity).length;
  }

  async insertOne(doc: T): Promise<void> {
    await this.host.writeAsync(() => this.insert(doc), this.target(true));
  }

  async replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.host.writeAsync(() => this.replace(this.host.info(this.name), filter, doc, options.upsert === true), this.target(byId(filter)));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.host.writeAsync(() => this.update(filter, update, options.upsert === true), this.target(byId(filter)));
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.host.writeAsync(() => this.delete(filter, true), this.target(byId(filter)));
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    return this.host.writeAsync(() => this.delete(filter, false), this.target(byId(filter)));
  }

  /**
   * One transaction; stops at the first failing operation, keeping the ones before it (as MongoDB's
   * ordered bulk write). An operation that fails (a duplicate key) does so before it writes anything,
   * so no savepoint per operation is needed; an error of SQLite itself undoes the whole transaction.
   * Unordered writes are made the same way: one transaction is already the cheapest here.
   */
  async bulkWrite(operations: BulkOperation<T>[], _options?: BulkWriteOptions): Promise<void> {
    let failure: unknown;
    await this.host.writeAsync(() => {
      for (const operation of operations) {
        try {
          this.apply(operation);
        } catch (error) {
          if (!this.host.inTransaction()) throw error;
          failure = error;
          return;
        }
      }
    }, this.target(operations.every(operationById)));
    if (failure !== undefined) throw failure;
  }

  async createIndex(index: IndexSpec): Promise<void> {
    await this.createIndexes([index]);
  }

  async createIndexes(indexes: readonly IndexSpec[], options: IndexBuildOptions = {}): Promise<void> {
    const info = await this.host.retrying(() => this.host.ensure(this.name));
    // Loaded on the store's loader thread: its keys are made searchable there, while this thread goes on.
    if (!options.loading) await this.host.finishLoad(info);
    await this.host.retrying(() => this.host.addIndexes(info, indexes, options));
    if (!options.background) await this.host.indexesBuilt(this.name);
  }

  private target(byId: boolean): WriteTarget {
    return { collection: this.name, byId };
  }

  private apply(operation: BulkOperation<T>): void {
    if ('insertOne' in operation) {
      this.insert(operation.insertOne.document);
    } else if ('replaceOne' in operation) {
      const { filter, replacement, upsert } = operation.replaceOne;
      const info = this.host.info(this.name);
      if (upsert === true && info?.loading?.inThread && isIdOnly(filter)) this.storeUnread(info, filter._id, replacement);
      else this.replace(info, filter, replacement, upsert === true);
    } else if ('updateOne' in operation) {
      const { filter, update, upsert } = operation.updateOne;
      this.update(filter, update, upsert === true);
    } else if ('deleteOne' in operation) {
      this.delete(operation.deleteOne.filter, true);
    } else {
      throw new Error(`Unknown bulk operation: ${JSON.stringify(Object.keys(operation))}`);
    }
  }

  /** A new document: the table's unique `_id` tells a duplicate, so nothing is read first. */
  private insert(doc: T): void {
    // A collection being loaded keeps only the text of what it is given, so needs no copy.
    const { value, needsTags } = this.host.ensure(this.name).loading ? storedForm(doc) : copyDocument(doc);
    this.insertNew(value, needsTags);
  }

  /**
   * An upsert by `_id` into a collection the loader thread writes (nobody reads it until it is switched
   * in, and the thread stores the text as it is, replacing any older one): reading the stored version
   * first, back from the file and parsed, only to compare it, took a tenth of a rebuild of every read model.
   */
  private storeUnread(info: CollectionInfo, id: string, replacement: T): void {
    refuseOperators(replacement);
    refuseOtherId(replacement, id);
    const { value, needsTags } = replacement._id === id ? storedForm(replacement) : copyDocument(replacement, id);
    this.host.put(info, value, needsTags, 'unread');
  }

  /** `info`: the collection as this write finds it (undefined before its first document). */
  private replace(info: CollectionInfo | undefined, filter: Filter, replacement: T, upsert: boolean): UpdateResult {
    refuseOperators(replacement);
    const [match] = info ? this.matching(info, this.plan(info, filter, {}), filter, 1) : [];
    if (info && match) {
      const id = match.doc._id;
      refuseOtherId(replacement, id);
      const { value, needsTags } = copyDocument(replacement, id);
      if (sameValue(value, match.doc)) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
      this.host.put(info, value, needsTags, match);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!upsert) return NOT_UPDATED;
    const id = replacement._id ?? upsertSeed(filter)._id ?? newId();
    const { value, needsTags } = copyDocument(replacement, id as string);
    this.insertNew(value, needsTags);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: value._id };
  }

  private update(filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const info = this.host.info(this.name);
    const [match] = info ? this.matching(info, this.plan(info, filter, {}), filter, 1) : [];
    if (info && match) {
      const working = cloneStored(match.doc);
      const { changed, needsTags } = applyUpdate(working, update, { filter, inserting: false });
      if (!changed) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
      this.host.put(info, working, match.tagged || needsTags, match);
      return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
    }
    if (!upsert) return NOT_UPDATED;
    const seed = upsertSeed(filter);
    seed._id ??= newId();
    applyUpdate(seed, update, { inserting: true });
    const { value, needsTags } = copyDocument(seed as Document, seed._id as string);
    this.insertNew(value, needsTags);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: value._id };
  }

  /** An upsert's new document: a duplicate `_id` (the filter matched nothing, yet the id is taken) fails. */
  private insertNew(value: Document, tagged: boolean): void {
    if (!this.host.put(this.host.ensure(this.name), value, tagged, 'new')) throw duplicateId(this.name, value._id);
  }

  private delete(filter: Filter, firstOnly: boolean): number {
    const info = this.host.info(this.name);
    if (!info) return 0;
    const matches = this.matching(info, this.plan(info, filter, {}), filter, firstOnly ? 1 : Infinity);
    for (const { doc } of matches) this.host.remove(info, doc);
    return matches.length;
  }

  private plan(info: CollectionInfo, filter: Filter, options: FindOptions): QueryPlan {
    const plan = planQuery(filter, options.sort, searchableIndexes(info));
    this.host.onQuery?.(this.name, explain(plan, options.sort), filter, options);
    return plan;
  }

  /** Stored documents matching the filter, at most `wanted` (not copies: callers copy before handing them out). */
  private matching(info: CollectionInfo, plan: QueryPlan, filter: Filter, wanted: number): CachedDocument[] {
    const matches: CachedDocument[] = [];
    if (wanted <= 0) return matches;
    if (plan.kind === 'ids' && plan.exact) {
      for (const id of plan.ids) {
        const stored = this.host.read(info, id);
        if (stored) matches.push(stored);
        if (matches.length >= wanted) break;
      }
      return matches;
    }
    // Compiled on the first candidate: many finds through an index have none.
    let query: Query | undefined;
    for (const stored of this.candidates(info, plan)) {
      query ??= new Query(filter, {});
      if (!query.test(stored.doc)) continue;
      matches.push(stored);
      if (matches.length >= wanted) break;
    }
    return matches;
  }

  private *candidates(info: CollectionInfo, plan: QueryPlan): Generator<CachedDocument> {
    if (plan.kind === 'scan') {
      yield* this.host.scan(info);
      return;
    }
    if (plan.kind === 'index') {
      yield* this.host.indexDocuments(info, plan.where, plan.params, plan.orderBy);
      return;
    }
    for (const id of plan.ids) {
      const stored = this.host.read(info, id);
      if (stored) yield stored;
    }
  }
}

function refuseOperators(replacement: Document): void {
  if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
    throw new Error('A replacement document must not contain update operators');
  }
}

function refuseOtherId(replacement: Document, id: string): void {
  if (replacement._id !== undefined && replacement._id !== id) {
    throw new Error("The replacement would modify the immutable field '_id'");
  }
}

/** A filter on `_id` alone, a string. */
function isIdOnly(filter: Filter): filter is { _id: string } {
  let keys = 0;
  for (const _key in filter) keys += 1;
  return keys === 1 && typeof filter._id === 'string';
}

function byId(filter: Filter): boolean {
  return planQuery(filter, undefined, []).kind === 'ids';
}

function operationById(operation: BulkOperation<Document>): boolean {
  if ('insertOne' in operation) return true;
  if ('replaceOne' in operation) return byId(operation.replaceOne.filter);
  if ('updateOne' in operation) return byId(operation.updateOne.filter);
  if ('deleteOne' in operation) return byId(operation.deleteOne.filter);
  return false;
}

function duplicateId(collection: string, id: string): Error {
  return new DuplicateKeyError(collection, { _id: id });
}

function newId(): string {
  return randomBytes(12).toString('hex');
}
