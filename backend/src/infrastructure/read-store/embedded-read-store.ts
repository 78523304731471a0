import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { type ChangeScope, type Collection, type Document, DuplicateKeyError, WrittenIds, type Filter, type IndexBuildOptions, type IndexSpec, type PortHealth, type ReadStore, type SortSpec, StoreUnavailableError } from '@ringcheck/projections';
import { fromSqliteError, immediateTransaction, isSqliteLockError, WalCheckpointer } from '../sqlite';
import { ChangeClock } from './change-clock';
import { type CollectionInfo, CollectionCatalog, type IndexInfo, keyTuples, sameTuples, searchableIndexes } from './collection-catalog';
import { type CollectionLoading, finishLoading, keyRowsOf, NO_CURRENT_KEYS, noteCurrentKeys } from './collection-loading';
import { documentKey, type KeyRow, type KeyTuple } from './collection-tables';
import type { SqlKey } from './index-keys';
import { planQuery } from './query-plan';
import { type CachedDocument, DocumentCache } from './document-cache';
import { decodeDocument, encodeDocument } from './document-codec';
import { EmbeddedCollection, type CollectionHost, type QueryObserver, type WriteTarget } from './embedded-collection';
import { importLegacyLog } from './legacy-log-import';
import { LoadingKeyRows } from './loading-key-rows';
import { CollectionLoader } from './collection-loader';
import type { LoadOp } from './collection-loader-protocol';
import { defaultIndexName } from './index-name';
import { IndexBackfills } from './index-backfill';

export interface EmbeddedReadStoreOptions {
  /** Bound of the parsed-document cache, in bytes of stored text (memory use is about twice that). */
  cacheBytes?: number;
  /** Told how every query is answered (tests prove queries read through an index). */
  onQuery?: QueryObserver;
  /** Collections being loaded are written on a thread of their own (default); false writes them here. */
  loadInThread?: boolean;
}

export const READ_MODELS_FILE = 'read-models.db';
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;
const FOREIGN_WRITE_CHECK_MS = 250;
/** SQLite's own wait for another connection's write lock, which blocks the event loop. */
const BUSY_TIMEOUT_MS = 50;
/** The same while the loader thread writes: writes wait for it in writeAsync instead, without blocking. */
const BUSY_TIMEOUT_LOADING_MS = 2;
/** How long a write waits at most while the loader thread holds the write lock, and how often it tries again. */
const LOADER_LOCK_WAIT_MS = 60_000;
const LOADER_LOCK_POLL_MS = 5;
/** Key rows of collections being loaded gathered at most before they are written. */
const LOADING_KEYS_GATHERED = 5000;
/** Documents of one index range read into the cache; those past it are parsed for the query alone. */
const CACHED_PER_RANGE = 200;

/**
 * The default read store: collections kept on disk in `<dataDir>/read-models.db` (SQLite, WAL), each
 * in a table of JSON documents by `_id` and a table of its secondary indexes' keys, with MongoDB query
 * and update semantics from mingo. Queries read through an index where one fits; parsed documents are
 * kept in a bounded cache, so memory does not grow with the number of documents.
 * Every write is one transaction (a bulk write too), durable against a killed process when it returns.
 */
export class EmbeddedReadStore implements ReadStore, CollectionHost {
  readonly adapterName = 'embedded';
  private readonly catalog: CollectionCatalog;
  private readonly cache: DocumentCache;
  private readonly handles = new Map<string, EmbeddedCollection>();
  private readonly dataVersion: Database.Statement;
  private lastDataVersion = 0;
  private lastRefresh = Number.NEGATIVE_INFINITY;
  /** Documents written by the open transaction (null: deleted), visible to it before the cache. */
  private scopes: Map<string, CachedDocument | null>[] = [];
  /** How to take back the notes of collections being loaded that the open transaction made, latest last. */
  private loadingUndo: (() => void)[] = [];
  /** Key rows of collections being loaded, written when the write that gathered them ends. */
  private readonly loadingKeys = new LoadingKeyRows<CollectionInfo>();
  /** Writes collections being loaded on a thread of its own, while it has any to write. */
  private loader: CollectionLoader | undefined;
  /** Collections the loader writes, by table (the catalog may make new infos of them; their loading is the same). */
  private readonly loadedInThread = new Map<number, CollectionLoading>();
  /** Documents given to the loader, by cache key: its collections were empty, so one never given is not there. */
  private givenToLoader = new WrittenIds();
  /** What the open write gives the loader, sent once it ends well; and by cache key, the latest of each document. */
  private loadOps: { info: CollectionInfo; op: LoadOp }[] = [];
  private readonly stagedLoads = new Map<string, LoadOp>();
  /** A write of collections the loader writes only is open: it needs no SQLite transaction here. */
  private loadScope = false;
  private closed = false;
  private readonly backfills = new IndexBackfills({
    writeAsync: (work) => this.writeAsync(work),
    collectionInfo: (name) => this.catalog.get(name),
    markBuilt: (info, index) => this.catalog.markBuilt(info, index),
  });
  private readonly changes = new ChangeClock();
  private readonly checkpointer: WalCheckpointer;

  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
    options: EmbeddedReadStoreOptions,
  ) {
    this.cache = new DocumentCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.onQuery = options.onQuery;
    this.loadInThread = options.loadInThread !== false;
    this.catalog = new CollectionCatalog(db);
    this.checkpointer = new WalCheckpointer(db, path);
    this.dataVersion = db.prepare('PRAGMA data_version').raw(true);
    this.lastDataVersion = this.currentDataVersion();
  }

  readonly onQuery: QueryObserver | undefined;
  private readonly loadInThread: boolean;

  static async open(dataDir: string, options: EmbeddedReadStoreOptions = {}): Promise<EmbeddedReadStore> {
    mkdirSync(dataDir, { recursive: true });
    const path = join(dataDir, READ_MODELS_FILE);
    // Only this store writes its file in normal operation; another process (a command-line tool) may
    // hold the lock for a moment, and SQLite's wait for it is kept short because it blocks the event loop.
    const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    try {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA cache_size = -16384');
      const store = new EmbeddedReadStore(db, path, options);
      importLegacyLog(db, store);
      return store;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    this.assertOpen();
    assertCollectionName(name);
    let handle = this.handles.get(name);
    if (!handle) {
      handle = new EmbeddedCollection(name, this);
      this.handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  async listCollections(): Promise<string[]> {
    this.assertOpen();
    this.refresh();
    return this.catalog.names();
  }

  async dropCollection(name: string): Promise<void> {
    this.assertOpen();
    this.refresh();
    const info = this.catalog.get(name);
    if (!info) return;
    this.release(info);
    const dropped = await this.retrying(() => this.write(() => this.catalog.drop(name)));
    this.changes.changed(name);
    if (dropped) this.cache.deletePrefix(cachePrefix(dropped));
  }

  /**
   * Writes are durable when they return, but for those of collections being loaded on the loader's
   * thread: they are once this returns (or their collection is read otherwise than by id, or indexed).
   */
  async flush(): Promise<void> {
    this.assertOpen();
    this.withLoader((loader) => loader.drain());
  }

  /** Up when the file can be written: the write lock is taken and released, writing nothing. */
  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    try {
      immediateTransaction(this.db, () => undefined);
    } catch (error) {
      if (this.heldByLoader(error)) {
        return { adapter: this.adapterName, state: 'up', detail: `${this.path} (a collection being loaded holds the write lock for a moment)` };
      }
      const failure = this.storeError(error);
      const reason = failure instanceof StoreUnavailableError ? failure.reason : failure.message;
      return { adapter: this.adapterName, state: 'down', detail: `${this.path}: ${reason}` };
    }
    return { adapter: this.adapterName, state: 'up', detail: `${this.path} (cache ${Math.round(this.cache.usedBytes / 1024)} kB)` };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.backfills.stop();
    this.closed = true;
    try {
      this.loader?.close();
    } finally {
      this.loader = undefined;
      await this.checkpointer.stop();
    }
    this.db.close();
  }

  // The storage operations below serve EmbeddedCollection (CollectionHost).

  info(name: string): CollectionInfo | undefined {
    this.assertOpen();
    this.refresh();
    return this.catalog.get(name);
  }

  ensure(name: string): CollectionInfo {
    return this.catalog.get(name) ?? this.write(() => this.catalog.get(name) ?? this.catalog.create(name));
  }

  read(info: CollectionInfo, id: string, keep = true): CachedDocument | undefined {
    const key = cacheKey(info, id);
    if (info.loading?.inThread) return this.readLoaded(info, id, key);
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const staged = this.scopes[i].get(key);
      if (staged !== undefined) return staged ?? undefined;
    }
    const cached = this.cache.get(key);
    if (cached) return cached;
    const row = this.guard(() => info.tables.text(id));
    if (!row) return undefined;
    const entry = { doc: decodeDocument<Document>(row.text, row.tagged), tagged: row.tagged, bytes: row.text.length };
    if (this.scopes.length === 0 && keep) this.cache.set(key, entry);
    return entry;
  }

  *scan(info: CollectionInfo): Generator<CachedDocument> {
    this.release(info);
    for (const [id, text, tagged] of this.guard(() => info.tables.scan())) {
      if (this.scopes.length > 0) {
        yield this.read(info, id)!;
        continue;
      }
      // A scan does not fill the cache: it would push out the documents worth keeping.
      yield this.cache.get(cacheKey(info, id)) ?? { doc: decodeDocument<Document>(text, tagged === 1), tagged: tagged === 1, bytes: text.length };
    }
  }

  count(info: CollectionInfo): number {
    this.release(info);
    return this.guard(() => info.tables.count());
  }

  /**
   * Stores a document (inside write()); `previous` is its stored version, whose index keys are replaced,
   * or 'new' for a document that must not exist yet: then false when it does, and nothing is written; or
   * 'unread' (a collection the loader thread writes only) for one stored as it is, whether or not it was.
   */
  put(info: CollectionInfo, doc: Document, tagged: boolean, previous: CachedDocument | 'new' | 'unread'): boolean {
    if (info.loading?.inThread) return this.putLoaded(info, doc, tagged, previous);
    if (previous === 'unread') throw new Error(`${info.name} is not written by the loader thread: its stored version must be read first`);
    this.assertNotLoadScope();
    const id = doc._id;
    const stored = previous === 'new' ? undefined : previous;
    const changes = info.loading ? [] : this.keyChanges(info, doc, stored);
    const text = encodeDocument(doc, tagged);
    if (previous !== 'new') info.tables.upsert(id, text, tagged);
    else if (!info.tables.insert(id, text, tagged)) return false;
    this.changes.changed(info.name, [stored?.doc, doc]);
    if (info.loading) {
      // Every document is keyed again at the end when the store does not know which were written twice.
      const rekeyed = info.loading.rekey === 'all' ? undefined : info.loading.rekey;
      if (!stored || rekeyed) {
        this.loadingKeys.add(info, keyRowsOf(info.indexes, doc), stored || rekeyed?.has(id) ? id : undefined);
        if (this.loadingKeys.size >= LOADING_KEYS_GATHERED) this.writeLoadingKeys();
      }
      // Not read before it is indexed: keeping its documents would only push others out of the cache,
      // and would keep the caller's objects.
      this.forget(cacheKey(info, id));
      return true;
    }
    const rows: KeyRow[] = [];
    for (const [index, tuples] of changes) {
      if (stored) info.tables.deleteKeys(index.ix, id);
      for (const tuple of tuples) rows.push({ ix: index.ix, id, tuple });
    }
    info.tables.insertKeyRows(rows);
    this.stage(cacheKey(info, id), { doc, tagged, bytes: text.length });
    return true;
  }

  /** See put: a document of a collection the loader writes, given to it when the open write ends well. */
  private putLoaded(info: CollectionInfo, doc: Document, tagged: boolean, previous: CachedDocument | 'new' | 'unread'): boolean {
    const id = doc._id;
    const isNew = previous === 'new';
    const key = cacheKey(info, id);
    if (isNew && this.givenToLoader.mightHold(key) && this.read(info, id)) return false;
    this.givenToLoader.add(key);
    const text = encodeDocument(doc, tagged);
    // Without the stored version, every value of a field whose changes are tracked counts as changed.
    this.changes.changed(info.name, previous === 'unread' ? undefined : [isNew ? undefined : previous.doc, doc]);
    this.stageLoad(info, { id, text, tagged, isNew, keys: keyRowsOf(info.indexes, doc) });
    return true;
  }

  /** The latest state of a document of a collection the loader writes: staged by the open write, sent, or in the file. */
  private readLoaded(info: CollectionInfo, id: string, key: string): CachedDocument | undefined {
    const staged = this.stagedLoads.get(key);
    const sent = staged ? undefined : this.loader?.pending(info.tables.tableNumber, id);
    const latest = staged ? ('deleted' in staged ? null : staged) : sent === undefined ? this.guard(() => info.tables.text(id)) : sent;
    return latest ? { doc: decodeDocument<Document>(latest.text, latest.tagged), tagged: latest.tagged, bytes: latest.text.length } : undefined;
  }

  private stageLoad(info: CollectionInfo, op: LoadOp): void {
    if (!this.inTransaction()) throw new Error('A read-store write outside a transaction');
    this.loadOps.push({ info, op });
    this.stagedLoads.set(cacheKey(info, op.id), op);
  }

  /** Sends the loader what the write that ended well gave it. */
  private sendLoads(): void {
    if (this.loadOps.length === 0) return;
    const byTable = new Map<number, LoadOp[]>();
    for (const { info, op } of this.loadOps) {
      const ops = byTable.get(info.tables.tableNumber);
      if (ops) ops.push(op);
      else byTable.set(info.tables.tableNumber, [op]);
    }
    this.dropLoads(0);
    if (!this.loader) {
      this.loader = new CollectionLoader(this.path, (error) => this.storeError(Object.assign(new Error(error.message), { code: error.code })));
      this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_LOADING_MS}`);
    }
    this.withLoader((loader) => loader.write([...byTable]));
  }

  /** Forgets what the open write staged for the loader from `from` on: that part of it was undone. */
  private dropLoads(from: number): void {
    if (from >= this.loadOps.length) return;
    this.loadOps.length = from;
    this.stagedLoads.clear();
    for (const { info, op } of this.loadOps) this.stagedLoads.set(cacheKey(info, op.id), op);
  }

  /**
   * Gives a collection the loader writes back to this thread: its writes are waited for and its notes of
   * documents written again taken over. Anything but writes and reads by id asks for it first.
   */
  private release(info: CollectionInfo): void {
    const loading = info.loading;
    if (!loading?.inThread) return;
    // The thread could not commit what it waits for while this one holds the write lock.
    if (this.inTransaction()) throw new Error(`${info.name} is being loaded: search it (otherwise than by _id) before a write, not within one`);
    const notes = this.withLoader((loader) => loader.release(info.tables.tableNumber)) ?? [];
    loading.inThread = false;
    this.loadedInThread.delete(info.tables.tableNumber);
    if (loading.rekey !== 'all') for (const [id, from] of notes) loading.rekey.set(id, from);
    this.closeIdleLoader();
  }

  /** See CollectionHost.finishLoad. */
  async finishLoad(info: CollectionInfo): Promise<void> {
    const loading = info.loading;
    if (!loading?.inThread) return;
    const loader = this.loader;
    if (loader) {
      try {
        await loader.finish(info.tables.tableNumber);
      } catch (error) {
        this.abandonLoader(loader);
        throw error;
      }
    }
    if (!loading.inThread) return;
    loading.inThread = false;
    // The catalog may have made a new info of the collection meanwhile; both end loading.
    for (const current of [info, this.catalog.get(info.name)]) if (current?.loading === loading) current.loading = null;
    this.loadedInThread.delete(info.tables.tableNumber);
    this.closeIdleLoader();
  }

  /** Nothing left to load: the thread and its connection go. */
  private closeIdleLoader(): void {
    if (this.loadedInThread.size > 0 || !this.loader) return;
    const loader = this.loader;
    this.forgetLoader();
    loader.close();
  }

  /**
   * Runs `work` on the loader, if there is one. When the loader fails, what it was loading is abandoned:
   * those collections are keyed again from what their tables hold, should anyone finish loading them.
   */
  private withLoader<T>(work: (loader: CollectionLoader) => T): T | undefined {
    const loader = this.loader;
    if (!loader) return undefined;
    try {
      return work(loader);
    } catch (error) {
      this.abandonLoader(loader);
      throw error;
    }
  }

  private abandonLoader(loader: CollectionLoader): void {
    if (this.loader === loader) this.forgetLoader();
    loader.abandon();
    for (const loading of this.loadedInThread.values()) {
      loading.inThread = false;
      loading.rekey = 'all';
    }
    this.loadedInThread.clear();
  }

  private forgetLoader(): void {
    this.loader = undefined;
    this.givenToLoader = new WrittenIds();
    this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }

  private assertNotLoadScope(): void {
    if (this.loadScope) throw new Error('A read-store write outside a transaction');
  }

  private noteLoading(loading: CollectionLoading, id: string, from: number): void {
    const undo = noteCurrentKeys(loading, id, from);
    if (undo) this.loadingUndo.push(undo);
  }

  private writeLoadingKeys(): void {
    this.loadingKeys.write((info, id, from) => info.loading && this.noteLoading(info.loading, id, from));
  }

  /** See Collection.changeToken: the collection's name and when it (or the documents in scope) last changed. */
  changeToken(name: string, scope?: ChangeScope): string {
    this.refresh();
    return this.changes.token(name, scope);
  }

  /** The document's keys in each index where they differ from its stored version's, unique ones checked. */
  private keyChanges(info: CollectionInfo, doc: Document, stored: CachedDocument | undefined): [IndexInfo, KeyTuple[]][] {
    const changes: [IndexInfo, KeyTuple[]][] = [];
    for (const index of info.indexes) {
      const tuples = keyTuples(index, doc);
      if (stored && sameTuples(tuples, keyTuples(index, stored.doc))) continue;
      if (index.unique) {
        for (const tuple of tuples) {
          if (info.tables.holderOf(index.ix, tuple, doc._id) !== undefined) throw duplicateKey(info, index, doc);
        }
      }
      changes.push([index, tuples]);
    }
    return changes;
  }

  remove(info: CollectionInfo, doc: Document): void {
    const id = doc._id;
    if (info.loading?.inThread) {
      this.changes.changed(info.name, [doc]);
      return this.stageLoad(info, { id, deleted: true });
    }
    this.assertNotLoadScope();
    info.tables.deleteDocument(id, !info.loading);
    this.changes.changed(info.name, [doc]);
    if (!info.loading) return this.stage(cacheKey(info, id), null);
    // Rows gathered for it before are written first, so that this note comes after theirs.
    this.writeLoadingKeys();
    this.noteLoading(info.loading, id, NO_CURRENT_KEYS);
    this.forget(cacheKey(info, id));
  }

  /**
   * Adds indexes over the collection's documents in one pass over them; answers how many were new (an
   * identical index is kept as it is). A collection without indexes yet (one being built) gets its key
   * rows loaded first and the keys table indexed after, which is several times faster than keeping it
   * indexed row by row. `loading` (an empty collection about to be loaded) only declares them; the call
   * without it after the load makes them searchable. `background` (non-unique indexes of a collection
   * that holds documents) declares them and fills their keys beside serving (index-backfill.ts).
   */
  addIndexes(info: CollectionInfo, specs: readonly IndexSpec[], options: IndexBuildOptions = {}): number {
    this.release(info);
    const loading = info.loading;
    if (loading && !options.loading) {
      this.write(() => finishLoading(info, loading));
      info.loading = null;
    }
    const wanted = specs.flatMap((spec) => {
      const fields = Object.keys(spec.keys);
      if (fields.length === 0) throw new Error('An index needs at least one key');
      if (fields.length === 1 && fields[0] === '_id') return [];
      const name = spec.name ?? defaultIndexName(spec.keys);
      const existing = info.indexes.find((index) => index.name === name || sameKeys(index.spec.keys, spec.keys));
      if (!existing) return [{ spec, name }];
      if (existing.unique === (spec.unique === true) && sameKeys(existing.spec.keys, spec.keys) && existing.name === name) return [];
      throw new Error(`An index named ${existing.name} already exists on ${info.name} with different options`);
    });
    if (wanted.length === 0) {
      this.resumeBuilds(info);
      return 0;
    }
    if (options.background && !info.loading && wanted.every(({ spec }) => spec.unique !== true) && this.count(info) > 0) {
      this.write(() => {
        for (const { spec, name } of wanted) this.catalog.addIndex(info, spec, name, true);
      });
      this.resumeBuilds(info);
      return wanted.length;
    }
    // A serving process loads only on the loader thread, where the sort at the end does not hold up requests.
    const loads = options.loading && (!options.serving || this.loadInThread);
    if (loads && info.indexes.length === 0 && wanted.every(({ spec }) => spec.unique !== true) && this.count(info) === 0) {
      // Keys are then written with each document, which has them at hand; indexing them waits for one
      // sort at the end, instead of the documents being read and parsed again to index them.
      this.write(() => {
        for (const { spec, name } of wanted) this.catalog.addIndex(info, spec, name);
        info.tables.dropKeyIndexes();
      });
      info.loading = { rekey: new Map(), inThread: this.loadInThread };
      if (this.loadInThread) this.loadedInThread.set(info.tables.tableNumber, info.loading);
      return wanted.length;
    }
    this.write(() => {
      const bulk = info.indexes.length === 0;
      const added = wanted.map(({ spec, name }) => this.catalog.addIndex(info, spec, name));
      if (bulk) info.tables.dropKeyIndexes();
      let rows: KeyRow[] = [];
      for (const [id, text, tagged] of info.tables.scan()) {
        const doc = decodeDocument<Document>(text, tagged === 1);
        for (const index of added) {
          const tuples = keyTuples(index, doc);
          if (index.unique && !bulk) {
            for (const tuple of tuples) if (info.tables.holderOf(index.ix, tuple, id) !== undefined) throw duplicateKey(info, index, doc);
          }
          for (const tuple of tuples) rows.push({ ix: index.ix, id, tuple });
        }
        // Written as they come in batches: a unique index checks the rows written before.
        if (rows.length >= 1000 || !bulk) {
          info.tables.insertKeyRows(rows);
          rows = [];
        }
      }
      info.tables.insertKeyRows(rows);
      if (!bulk) return;
      info.tables.createKeyIndexes();
      for (const index of added.filter((candidate) => candidate.unique)) {
        const shared = info.tables.sharedKeyHolder(index.ix);
        if (shared !== undefined) throw duplicateKey(info, index, this.read(info, shared)!.doc);
      }
    });
    this.resumeBuilds(info);
    return wanted.length;
  }

  /** Fills the collection's indexes still being built (declared by an earlier call, maybe before a restart). */
  private resumeBuilds(info: CollectionInfo): void {
    for (const index of info.indexes) if (index.building) this.backfills.start(info.name, index.ix);
  }

  /** See CollectionHost.indexesBuilt: resolves once no index of the collection (of any, unnamed) is being filled. */
  indexesBuilt(name?: string): Promise<void> {
    return this.backfills.settled(name);
  }

  /**
   * Runs `work` in one transaction (a savepoint when nested); what it staged reaches the cache only once
   * committed. On a failure everything it wrote is undone and the error rethrown.
   */
  write<T>(work: () => T, target?: WriteTarget): T {
    this.assertOpen();
    const nested = this.scopes.length > 0;
    const loaded = !nested && target ? this.catalog.get(target.collection) : undefined;
    if (loaded?.loading?.inThread) {
      if (target!.byId) return this.loadWrite(work);
      // It is searched: given back to this thread first, before this one takes the write lock.
      this.release(loaded);
    }
    const scope = new Map<string, CachedDocument | null>();
    this.scopes.push(scope);
    const undoFrom = this.loadingUndo.length;
    const loadsFrom = this.loadOps.length;
    try {
      if (!nested) {
        const result = this.guard(() =>
          immediateTransaction(this.db, () => {
            // Holding the write lock, nobody else can commit until this one does: the catalog and cache
            // are made exact once here, so a write never acts on what another connection has changed.
            this.noticeForeignCommits();
            const result = work();
            this.writeLoadingKeys();
            return result;
          }),
        );
        this.loadingUndo = [];
        this.checkpointer.committed();
        for (const [key, entry] of scope) {
          if (entry) this.cache.set(key, entry);
          else this.cache.delete(key);
        }
        this.sendLoads();
        return result;
      }
      // Gathered rows are the enclosing write's: written before, they are not lost should this one fail.
      this.writeLoadingKeys();
      this.db.exec('SAVEPOINT op');
      try {
        const result = work();
        this.writeLoadingKeys();
        this.db.exec('RELEASE op');
        const parent = this.scopes[this.scopes.length - 2];
        for (const [key, entry] of scope) parent.set(key, entry);
        return result;
      } catch (error) {
        this.db.exec('ROLLBACK TO op');
        this.db.exec('RELEASE op');
        this.dropLoads(loadsFrom);
        throw error;
      }
    } catch (error) {
      this.loadingKeys.clear();
      if (!nested) this.dropLoads(0);
      for (const undo of this.loadingUndo.splice(undoFrom).reverse()) undo();
      // The catalog may hold collections or indexes the rolled-back transaction created.
      if (!nested) this.catalog.reload();
      throw error;
    } finally {
      this.scopes.pop();
    }
  }

  /** See CollectionHost.writeAsync. */
  async writeAsync<T>(work: () => T, target?: WriteTarget): Promise<T> {
    // Where the write would hand the loader more than it holds, the wait for it happens here, not in write().
    const loader = this.loader;
    if (loader?.saturated) {
      try {
        await loader.room();
      } catch (error) {
        this.abandonLoader(loader);
        throw error;
      }
    }
    return this.retrying(() => this.write(work, target));
  }

  /** See CollectionHost.retrying. */
  async retrying<T>(work: () => T): Promise<T> {
    for (const deadline = performance.now() + LOADER_LOCK_WAIT_MS; ; ) {
      try {
        return work();
      } catch (error) {
        if (!this.heldByLoader(error) || performance.now() > deadline) throw error;
        // What it locks (a large write, or the sort that ends a load) takes a moment; nothing else waits for it here.
        await new Promise((resolve) => setTimeout(resolve, LOADER_LOCK_POLL_MS));
      }
    }
  }

  /** Whether a write failed because the loader thread holds the write lock (which it lets go of soon). */
  private heldByLoader(error: unknown): boolean {
    return this.loader !== undefined && isSqliteLockError((error as { cause?: unknown }).cause ?? error);
  }

  inTransaction(): boolean {
    return this.db.inTransaction || this.loadScope;
  }

  /** A write of one collection the loader writes: staged here, sent when it ends well, no SQLite transaction. */
  private loadWrite<T>(work: () => T): T {
    this.scopes.push(new Map());
    this.loadScope = true;
    try {
      const result = work();
      this.loadScope = false;
      this.sendLoads();
      return result;
    } catch (error) {
      this.dropLoads(0);
      throw error;
    } finally {
      this.loadScope = false;
      this.scopes.pop();
    }
  }

  /**
   * The documents of an index plan's range, each once, in the plan's order: the index gives the ids,
   * and each document comes from the transaction's own writes, the cache or its row. Reading the ids
   * alone leaves cached documents' text in SQLite (a page of 20 calls took 0.4 ms joined with their
   * text, 0.2 ms so); a cold document costs a lookup by id more.
   */
  *indexDocuments(info: CollectionInfo, where: string, params: readonly SqlKey[], orderBy: string): Generator<CachedDocument> {
    this.release(info);
    const seen = new Set<string>();
    for (const [id] of this.guard(() => info.tables.indexIds(where, params, orderBy))) {
      if (seen.has(id)) continue;
      seen.add(id);
      // A page of a list is worth keeping; the rest of a long range would only push it out.
      const stored = this.read(info, id, seen.size <= CACHED_PER_RANGE);
      if (stored) yield stored;
    }
  }

  countIndexed(info: CollectionInfo, where: string, params: readonly SqlKey[]): number {
    this.release(info);
    // Writes of an open transaction are in SQLite already: its count sees them.
    return this.guard(() => info.tables.countIndexed(where, params));
  }

  /**
   * SQLite's plan for the query a filter and sort run on a collection through an index, or null when
   * they are not answered through one (tests prove with it that SQLite reads the index, in order).
   */
  sqlitePlanOf(name: string, filter: Filter, sort?: SortSpec): string[] | null {
    const info = this.info(name);
    const plan = info ? planQuery(filter, sort, searchableIndexes(info)) : null;
    return info && plan?.kind === 'index' ? info.tables.sqlitePlan(plan.where, plan.params, plan.orderBy) : null;
  }

  /**
   * Notices commits of other connections (another process, such as a command-line tool): the cache and
   * catalog may be stale. Asked at most every FOREIGN_WRITE_CHECK_MS, not on every query: only this
   * store writes its file while it serves, so the check is for the rare tool and costs a query itself.
   */
  private refresh(): void {
    const now = performance.now();
    if (now - this.lastRefresh < FOREIGN_WRITE_CHECK_MS) return;
    this.lastRefresh = now;
    this.noticeForeignCommits();
  }

  private noticeForeignCommits(): void {
    const version = this.currentDataVersion();
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    // Loading goes on before a process serves anything: its own thread's commits are taken for the change
    // (they touch only collections nobody reads), and another process writing meanwhile is not noticed.
    if (this.loader?.committedSince()) return;
    this.changes.changedEverything();
    this.cache.clear();
    this.catalog.reload();
  }

  private currentDataVersion(): number {
    return this.guard(() => (this.dataVersion.get() as [number])[0]);
  }

  /** Reads of the document go to its row from now on (within the transaction too), not to a copy kept. */
  private forget(key: string): void {
    for (const scope of this.scopes) scope.delete(key);
    this.cache.delete(key);
  }

  private stage(key: string, entry: CachedDocument | null): void {
    const scope = this.scopes[this.scopes.length - 1];
    if (!scope) throw new Error('A read-store write outside a transaction');
    scope.set(key, entry);
  }

  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw this.storeError(error);
    }
  }

  private storeError(error: unknown): Error {
    const failure = fromSqliteError('read_store', this.adapterName, error);
    return failure instanceof Error ? failure : new Error(String(failure));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The embedded read store is closed');
  }
}

function cachePrefix(info: CollectionInfo): string {
  return documentKey(info.tables.tableNumber, '');
}

function cacheKey(info: CollectionInfo, id: string): string {
  return documentKey(info.tables.tableNumber, id);
}

function duplicateKey(info: CollectionInfo, index: IndexInfo, doc: Document): Error {
  const value: Record<string, unknown> = {};
  index.fields.forEach((field, i) => {
    let current: unknown = doc;
    for (const part of index.paths[i]) {
      current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[part] : undefined;
    }
    value[field] = current ?? null;
  });
  return new DuplicateKeyError(info.name, value);
}

function sameKeys(a: Record<string, 1 | -1>, b: Record<string, 1 | -1>): boolean {
  const left = Object.entries(a);
  const right = Object.entries(b);
  return left.length === right.length && left.every(([field, dir], i) => right[i][0] === field && right[i][1] === dir);
}

function assertCollectionName(name: string): void {
  if (!name || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new Error(`Invalid collection name: ${JSON.stringify(name)}`);
  }
}
