import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type PortHealth,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  StoreUnavailableError,
} from '@ringcheck/projections';
import { fromSqliteError, waitingTransaction } from '../sqlite';
import { assertExpectedRevision, assertValidAppend, toJsonText } from './append-request';
import { ChangeSignal } from './change-signal';
import { IdempotencyConflictError } from './idempotency-conflict-error';
import { type EventHandler, PollingSubscription } from './polling-subscription';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from './read-options';
import { toRecordedEvent } from './sqlite-event-row';
import { SQLITE_EVENT_SCHEMA } from './sqlite-event-schema';
import { NO_LIMIT, SqliteEventStatements } from './sqlite-event-statements';

export interface SqliteEventStoreOptions {
  /**
   * FULL (default) fsyncs the write-ahead log on every commit, so an acknowledged append survives
   * a power cut. NORMAL still survives a killed process (the commit is in the OS page cache when
   * the append returns) but not an OS crash; it trades that for much faster single-event appends.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often idle subscriptions look for events committed by other processes. */
  foreignWritePollMs?: number;
  /**
   * How long an append waits for another process holding the write lock before failing with
   * StoreUnavailableError. The wait does not block the event loop.
   */
  busyTimeoutMs?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 3000;
/** How long health() waits for the write lock before reporting the store down. */
const HEALTH_LOCK_WAIT_MS = 500;
/**
 * SQLite's own busy wait blocks the event loop, so it is kept short: long enough for readers to ride
 * out a WAL recovery or checkpoint; writers wait for the lock in waitingTransaction instead.
 */
const CONNECTION_BUSY_TIMEOUT_MS = 20;

/** The (stream_id, id) uniqueness constraint refused an insert: the id is stored in the stream already. */
function isDuplicateEventIdError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('events.id');
}

interface PreparedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/**
 * Embedded event store: one SQLite file (`<dataDir>/events.db`) in WAL mode, one IMMEDIATE
 * transaction per append. Several processes may open the same file; SQLite serializes their
 * writers, which also makes positions increase in commit order.
 */
export class SqliteEventStore implements EventStore {
  readonly adapterName = 'sqlite';
  private readonly statements: SqliteEventStatements;
  private readonly signal = new ChangeSignal();
  private readonly subscriptions = new Set<PollingSubscription>();
  private foreignWriteTimer: NodeJS.Timeout | undefined;
  private lastDataVersion = 0;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    readonly file: string,
    private readonly synchronous: 'FULL' | 'NORMAL',
    private readonly foreignWritePollMs: number,
    private readonly busyTimeoutMs: number,
  ) {
    this.statements = new SqliteEventStatements(db);
  }

  static open(dataDir: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'events.db');
    const synchronous = options.synchronous ?? 'FULL';
    const db = new Database(file, { timeout: CONNECTION_BUSY_TIMEOUT_MS });
    try {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec(`PRAGMA synchronous = ${synchronous}`);
      // The (stream_id, id) index takes random UUID keys, so its pages are touched all over:
      // a larger page cache and fewer, larger checkpoints cut the per-append cost noticeably.
      db.exec('PRAGMA cache_size = -65536');
      db.exec('PRAGMA wal_autocheckpoint = 10000');
      db.exec(SQLITE_EVENT_SCHEMA);
      return new SqliteEventStore(
        db,
        file,
        synchronous,
        options.foreignWritePollMs ?? 200,
        options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      );
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    this.assertOpen();
    const expected = options.expectedRevision ?? 'any';
    assertValidAppend(streamId, events, expected);
    // Serialize before taking the write lock, so the transaction holds it only for the inserts.
    const prepared: PreparedEvent[] = events.map((event) => ({
      id: event.id,
      type: event.type,
      data: toJsonText(streamId, event.id, 'data', event.data),
      metadata: toJsonText(streamId, event.id, 'metadata', event.metadata),
    }));

    let result: AppendResult;
    try {
      result = await waitingTransaction(this.db, this.busyTimeoutMs, () => this.insertBatch(streamId, prepared, expected));
    } catch (error) {
      // Ids are only looked up when the append was refused, to keep the lookups off the hot path.
      if (error instanceof ConcurrencyError || isDuplicateEventIdError(error)) {
        const repeated = this.guard(() => this.resultOfEarlierAppend(streamId, prepared));
        if (repeated) return repeated;
      }
      throw this.storeError(error);
    }
    this.signal.notify();
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    const limit = options.maxCount ?? NO_LIMIT;
    if (limit === 0) return [];
    // An unknown stream reads as empty rather than throwing: callers (deciders rebuilding state)
    // treat "no events yet" and "no stream" the same way.
    const rows = this.guard(() =>
      options.direction === 'backwards'
        ? this.statements.streamBackwards(streamId, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        : this.statements.streamForwards(streamId, options.fromRevision ?? 0, limit),
    );
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    const limit = options.maxCount ?? NO_LIMIT;
    if (limit === 0) return [];
    return this.guard(() => this.statements.after(options.fromPosition ?? 0, limit)).map(toRecordedEvent);
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    assertValidReadAllOptions({ fromPosition: options.fromPosition });
    const subscription = new PollingSubscription(
      (after, maxCount) => this.readAll({ fromPosition: after, maxCount }),
      this.signal,
      handler,
      options,
      (stopped) => this.forget(stopped),
    );
    this.subscriptions.add(subscription);
    this.watchForeignWrites();
    return subscription;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.guard(() => this.statements.headPosition());
  }

  /** Up when the write lock can be taken (and released at once, writing nothing). */
  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    try {
      await waitingTransaction(this.db, HEALTH_LOCK_WAIT_MS, () => undefined);
      const head = this.statements.headPosition();
      return {
        adapter: this.adapterName,
        state: 'up',
        detail: `${this.file} (WAL, synchronous=${this.synchronous}), head position ${head}`,
      };
    } catch (error) {
      const failure = this.storeError(error);
      const reason = failure instanceof StoreUnavailableError ? failure.reason : (failure as Error).message;
      return { adapter: this.adapterName, state: 'down', detail: `${this.file}: ${reason}` };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.closed = true;
    this.stopWatchingForeignWrites();
    this.db.close();
  }

  private guard<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw this.storeError(error);
    }
  }

  private storeError(error: unknown): unknown {
    return fromSqliteError('event_store', this.adapterName, error);
  }

  private insertBatch(streamId: string, events: PreparedEvent[], expected: ExpectedRevision): AppendResult {
    let revision = this.statements.currentRevision(streamId);
    assertExpectedRevision(streamId, expected, revision);
    let position = 0;
    for (const event of events) {
      revision += 1;
      position = this.statements.insert(event.id, streamId, revision, event.type, event.data, event.metadata);
    }
    return { nextExpectedRevision: revision, position };
  }

  /**
   * When every id of the batch is stored in the stream already, the batch is a retry: answer what
   * the first append answered. Stored ids never go away, so reading outside the refused
   * transaction is safe. A batch only partly stored is refused as a whole.
   */
  private resultOfEarlierAppend(streamId: string, events: PreparedEvent[]): AppendResult | undefined {
    const stored = events.map((event) => this.statements.storedEvent(streamId, event.id));
    if (stored.every((found) => found === undefined)) return undefined;
    if (stored.some((found) => found === undefined)) {
      throw new IdempotencyConflictError(
        streamId,
        events.filter((_, index) => stored[index] !== undefined).map((event) => event.id),
        events.filter((_, index) => stored[index] === undefined).map((event) => event.id),
      );
    }
    const last = stored[stored.length - 1]!;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  /** Polls the file's data version while someone is subscribed, to notice other processes' commits. */
  private watchForeignWrites(): void {
    if (this.foreignWriteTimer) return;
    this.lastDataVersion = this.statements.dataVersion();
    this.foreignWriteTimer = setInterval(() => {
      if (this.closed) return;
      let version: number;
      try {
        version = this.statements.dataVersion();
      } catch {
        // Let the subscriptions read and meet the error themselves.
        this.signal.notify();
        return;
      }
      if (version !== this.lastDataVersion) {
        this.lastDataVersion = version;
        this.signal.notify();
      }
    }, this.foreignWritePollMs);
    this.foreignWriteTimer.unref();
  }

  private stopWatchingForeignWrites(): void {
    if (this.foreignWriteTimer) clearInterval(this.foreignWriteTimer);
    this.foreignWriteTimer = undefined;
  }

  private forget(subscription: PollingSubscription): void {
    this.subscriptions.delete(subscription);
    if (this.subscriptions.size === 0) this.stopWatchingForeignWrites();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`Event store ${this.file} is closed`);
  }
}
