import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Backoff, type Collection, type Document, type PortHealth, type ReadStore, StoreUnavailableError } from '@ringcheck/projections';
import { fromSqliteError } from '../sqlite';
import { CollectionState } from './collection-state';
import { decodeDocument, encodeDocument } from './document-codec';
import { EmbeddedCollection, type CollectionHost } from './embedded-collection';
import { ReadModelFile, type FileChanges, type StoredRow } from './read-model-file';

export interface EmbeddedReadStoreOptions {
  /** Delay between a write and the background flush that persists it. */
  flushIntervalMs?: number;
  /** The file's document log is rewritten when it holds more than ratio × live documents + slackRows rows. */
  compaction?: { ratio: number; slackRows: number };
}

export const READ_MODELS_FILE = 'read-models.db';
const DEFAULT_FLUSH_INTERVAL_MS = 75;
const DEFAULT_COMPACTION = { ratio: 5, slackRows: 50_000 };
/** Longest pause between retries of a flush the file refused. */
const MAX_FLUSH_RETRY_MS = 2000;

/**
 * The default read store: every collection lives in memory (documents in a Map by `_id`) with MongoDB
 * query and update semantics from mingo, and is written behind to `<dataDir>/read-models.db`.
 * A flush writes every change since the previous one in one SQLite transaction, so the file always holds
 * a state the process really had; flush() runs on a short timer and whenever a caller asks.
 * While the file cannot be written (locked, read-only, disk full) reads and writes go on in memory, the
 * changes stay pending and the flush is retried with growing pauses; health() reports the store down.
 */
export class EmbeddedReadStore implements ReadStore, CollectionHost {
  readonly adapterName = 'embedded';
  private readonly states = new Map<string, CollectionState>();
  private readonly handles = new Map<string, EmbeddedCollection>();
  private readonly dirtyDocuments = new Map<string, Set<string>>();
  private readonly dirtyCollections = new Set<string>();
  private readonly droppedCollections = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly flushRetries: Backoff;
  private lastFlushError: Error | undefined;
  private closed = false;

  private constructor(
    private readonly file: ReadModelFile,
    private readonly flushIntervalMs: number,
    private readonly compaction: { ratio: number; slackRows: number },
  ) {
    this.flushRetries = new Backoff(flushIntervalMs, Math.max(flushIntervalMs, MAX_FLUSH_RETRY_MS));
  }

  static async open(dataDir: string, options: EmbeddedReadStoreOptions = {}): Promise<EmbeddedReadStore> {
    mkdirSync(dataDir, { recursive: true });
    const file = new ReadModelFile(join(dataDir, READ_MODELS_FILE));
    const store = new EmbeddedReadStore(
      file,
      options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
      options.compaction ?? DEFAULT_COMPACTION,
    );
    try {
      store.load();
    } catch (error) {
      file.close();
      throw error;
    }
    return store;
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
    return [...this.states.keys()].sort();
  }

  async dropCollection(name: string): Promise<void> {
    this.assertOpen();
    if (!this.states.delete(name)) return;
    this.dirtyDocuments.delete(name);
    this.dirtyCollections.delete(name);
    this.droppedCollections.add(name);
    this.scheduleFlush();
  }

  async flush(): Promise<void> {
    this.assertOpen();
    this.flushNow();
  }

  /** Up when the file can be written: pending changes are flushed, else the write lock is taken and released. */
  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    try {
      if (this.lastFlushError) this.flushNow();
      else this.file.probeWritable();
    } catch (error) {
      const failure = this.storeError(error);
      const reason = failure instanceof StoreUnavailableError ? failure.reason : failure.message;
      const pending = this.lastFlushError ? '; changes are kept in memory until it can be written' : '';
      return { adapter: this.adapterName, state: 'down', detail: `${this.file.path}: ${reason}${pending}` };
    }
    return { adapter: this.adapterName, state: 'up', detail: this.file.path };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.flushNow();
    } finally {
      this.closed = true;
      this.file.close();
    }
  }

  existingState(name: string): CollectionState | undefined {
    this.assertOpen();
    return this.states.get(name);
  }

  ensureState(name: string): CollectionState {
    this.assertOpen();
    let state = this.states.get(name);
    if (!state) {
      state = new CollectionState(name);
      this.states.set(name, state);
      this.dirtyCollections.add(name);
      this.scheduleFlush();
    }
    return state;
  }

  documentChanged(name: string, id: string): void {
    let ids = this.dirtyDocuments.get(name);
    if (!ids) {
      ids = new Set();
      this.dirtyDocuments.set(name, ids);
    }
    ids.add(id);
    this.scheduleFlush();
  }

  indexesChanged(name: string): void {
    this.dirtyCollections.add(name);
    this.scheduleFlush();
  }

  private load(): void {
    const { collections, documents } = this.file.load();
    for (const { name } of collections) this.states.set(name, new CollectionState(name));
    for (const row of documents) {
      let state = this.states.get(row.collection);
      if (!state) {
        state = new CollectionState(row.collection);
        this.states.set(row.collection, state);
      }
      state.documents.set(row.id, { doc: decodeDocument<Document>(row.text, row.tagged), tagged: row.tagged });
    }
    // Indexes are built once over the loaded documents rather than maintained document by document.
    for (const { name, indexes } of collections) {
      for (const index of indexes) this.states.get(name)!.addIndex(index);
    }
  }

  private flushNow(): void {
    if (this.dirtyDocuments.size === 0 && this.dirtyCollections.size === 0 && this.droppedCollections.size === 0) {
      return;
    }
    const changes: FileChanges = { droppedCollections: [...this.droppedCollections], collections: [], upserts: [], deletions: [] };
    for (const name of this.dirtyCollections) {
      const state = this.states.get(name);
      if (state) changes.collections.push({ name, indexes: state.indexSpecs });
    }
    for (const [collection, ids] of this.dirtyDocuments) {
      const documents = this.states.get(collection)?.documents;
      for (const id of ids) {
        const stored = documents?.get(id);
        if (stored) changes.upserts.push({ collection, id, text: encodeDocument(stored.doc, stored.tagged), tagged: stored.tagged });
        else changes.deletions.push({ collection, id });
      }
    }
    try {
      this.file.write(changes);
    } catch (error) {
      this.lastFlushError = this.storeError(error);
      throw this.lastFlushError;
    }
    this.lastFlushError = undefined;
    this.flushRetries.reset();
    this.dirtyDocuments.clear();
    this.dirtyCollections.clear();
    this.droppedCollections.clear();
    this.compactIfWasteful();
  }

  /** Rewrites the file's document log once superseded versions far outnumber the live documents. */
  private compactIfWasteful(): void {
    let live = 0;
    for (const state of this.states.values()) live += state.documents.size;
    if (this.file.logSize <= live * this.compaction.ratio + this.compaction.slackRows) return;
    const rows: StoredRow[] = [];
    for (const [collection, state] of this.states) {
      for (const [id, stored] of state.documents) {
        rows.push({ collection, id, text: encodeDocument(stored.doc, stored.tagged), tagged: stored.tagged });
      }
    }
    try {
      this.file.compact(rows);
    } catch {
      // The flush itself is committed; a failed compaction only leaves a longer log, retried next flush.
    }
  }

  private scheduleFlush(delayMs = this.flushIntervalMs): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.closed) return;
      try {
        this.flushNow();
      } catch {
        // Kept in lastFlushError (health reports it); the changes stay dirty and the flush is retried.
        this.scheduleFlush(this.flushRetries.next());
      }
    }, delayMs);
    this.timer.unref();
  }

  private storeError(error: unknown): Error {
    const failure = fromSqliteError('read_store', this.adapterName, error);
    return failure instanceof Error ? failure : new Error(String(failure));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The embedded read store is closed');
  }
}

function assertCollectionName(name: string): void {
  if (!name || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
    throw new Error(`Invalid collection name: ${JSON.stringify(name)}`);
  }
}
