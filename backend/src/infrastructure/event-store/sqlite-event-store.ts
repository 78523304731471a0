import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventStore,
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
import { prepareAppend } from './append-request';
import { ChangeSignal } from './change-signal';
import type { AppendFailure } from './group-commit-protocol';
import { GroupCommitQueue } from './group-commit-queue';
import { IdempotencyConflictError } from './idempotency-conflict-error';
import { type EventHandler, PollingSubscription } from './polling-subscription';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from './read-options';
import { toRecordedEvent } from './sqlite-event-row';
import { SQLITE_EVENT_SCHEMA } from './sqlite-event-schema';
import { NO_LIMIT, SqliteEventStatements } from './sqlite-event-statements';
import { WriterThread } from './writer-thread';

export interface SqliteEventStoreOptions {
  /**
   * FULL (default) fsyncs the write-ahead log on every commit (one per group of appends), so an
   * acknowledged append survives a power cut. NORMAL still survives a killed process (the commit is in
   * the OS page cache when the append returns) but not an OS crash.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** How often idle subscriptions look for events committed by other processes. */
  foreignWritePollMs?: number;
  /**
   * How long an append waits for another process holding the write lock before failing with
   * StoreUnavailableError. The writer thread waits, not the event loop.
   */
  busyTimeoutMs?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 3000;
/** How long health() waits for the write lock before reporting the store down. */
const HEALTH_LOCK_WAIT_MS = 500;
/**
 * SQLite's own busy wait blocks the event loop, so the reading connection keeps it short: long enough to
 * ride out a WAL recovery or checkpoint. health() waits for the write lock in waitingTransaction instead.
 */
const CONNECTION_BUSY_TIMEOUT_MS = 20;

/**
 * Embedded event store: one SQLite file (`<dataDir>/events.db`) in WAL mode. Appends are checked and
 * serialized here, then committed by a writer thread in groups: the appends of one event-loop turn share
 * one IMMEDIATE transaction and one sync (GroupCommitQueue, SqliteGroupWriter). Reads use this thread's
 * own connection. Several processes may open the same file; SQLite serializes their writers, which also
 * makes positions increase in commit order.
 */
export class SqliteEventStore implements EventStore {
  readonly adapterName = 'sqlite';
  private readonly statements: SqliteEventStatements;
  private readonly signal = new ChangeSignal();
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly writer: WriterThread;
  private readonly queue: GroupCommitQueue;
  private foreignWriteTimer: NodeJS.Timeout | undefined;
  private lastDataVersion = 0;
  /** Set by close(): new appends are refused while the queued ones are committed. */
  private closing: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    readonly file: string,
    private readonly synchronous: 'FULL' | 'NORMAL',
    private readonly foreignWritePollMs: number,
    busyTimeoutMs: number,
  ) {
    this.statements = new SqliteEventStatements(db);
    this.writer = new WriterThread({ file, synchronous, busyTimeoutMs });
    this.queue = new GroupCommitQueue(
      (appends) => this.writer.commit(appends),
      () => this.signal.notify(),
    );
  }

  static open(dataDir: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'events.db');
    const synchronous = options.synchronous ?? 'FULL';
    const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    // Creating the schema (or adding an index to an older file) may wait for another process's write
    // lock; blocking while the store opens is acceptable, afterwards it is not.
    const db = new Database(file, { timeout: busyTimeoutMs });
    try {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec(SQLITE_EVENT_SCHEMA);
      db.exec(`PRAGMA busy_timeout = ${CONNECTION_BUSY_TIMEOUT_MS}`);
      db.exec('PRAGMA cache_size = -16384');
      return new SqliteEventStore(db, file, synchronous, options.foreignWritePollMs ?? 200, busyTimeoutMs);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (this.closing) throw this.closedError();
    const outcome = await this.queue.enqueue(prepareAppend(streamId, events, options.expectedRevision ?? 'any'));
    if (outcome.ok) return outcome.result;
    throw this.toError(outcome.failure);
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
    const from = options.fromPosition ?? 0;
    const { types } = options;
    const rows = this.guard(() =>
      types === undefined ? this.statements.after(from, limit) : this.statements.afterOfTypes(from, [...new Set(types)], limit),
    );
    return rows.map(toRecordedEvent);
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
        detail: `${this.file} (WAL, synchronous=${this.synchronous}, group commit), head position ${head}`,
      };
    } catch (error) {
      const failure = this.storeError(error);
      const reason = failure instanceof StoreUnavailableError ? failure.reason : (failure as Error).message;
      return { adapter: this.adapterName, state: 'down', detail: `${this.file}: ${reason}` };
    }
  }

  /** Commits the appends already queued, then stops subscriptions, the writer thread and the connection. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await this.queue.drain();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.closed = true;
    this.stopWatchingForeignWrites();
    await this.writer.close();
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

  private toError(failure: AppendFailure): unknown {
    switch (failure.kind) {
      case 'concurrency':
        return new ConcurrencyError(failure.streamId, failure.expected, failure.actual);
      case 'idempotency':
        return new IdempotencyConflictError(failure.streamId, failure.storedIds, failure.newIds);
      case 'engine':
        return this.storeError(Object.assign(new Error(failure.message), { name: 'SqliteError', code: failure.code }));
    }
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
    if (this.closed) throw this.closedError();
  }

  private closedError(): Error {
    return new Error(`Event store ${this.file} is closed`);
  }
}
