import { Client, Pool, type PoolConfig } from 'pg';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventMetadata,
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
import { prepareAppend } from './append-request';
import { ChangeSignal } from './change-signal';
import type { AppendFailure } from './group-commit-protocol';
import { GroupCommitQueue } from './group-commit-queue';
import { IdempotencyConflictError } from './idempotency-conflict-error';
import { type EventHandler, PollingSubscription } from './polling-subscription';
import { ensurePostgresEventSchema, EVENTS_CHANNEL } from './postgres-event-schema';
import { isConnectionError, PostgresGroupWriter } from './postgres-group-writer';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from './read-options';

export interface PostgresEventStoreOptions {
  /** Connections for reads and the one group being committed at a time. */
  poolSize?: number;
  /** How often subscriptions look for new events while the notification connection is down. */
  fallbackPollMs?: number;
}

const COLUMNS = 'position, id, stream_id, revision, type, data, metadata';
/** The reads, each prepared once per connection (named statements skip parsing and planning afterwards). */
const READS = {
  streamForwards: {
    name: 'rc_read_stream',
    text: `SELECT ${COLUMNS} FROM rc_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
  },
  streamBackwards: {
    name: 'rc_read_stream_backwards',
    text: `SELECT ${COLUMNS} FROM rc_events WHERE stream_id = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`,
  },
  all: {
    name: 'rc_read_all',
    text: `SELECT ${COLUMNS} FROM rc_events WHERE position > $1 ORDER BY position LIMIT $2`,
  },
  allOfTypes: {
    name: 'rc_read_all_of_types',
    text: `SELECT ${COLUMNS} FROM rc_events WHERE position > $1 AND type = ANY($2::text[]) ORDER BY position LIMIT $3`,
  },
  head: { name: 'rc_read_head', text: 'SELECT position FROM rc_event_head' },
};
const HEALTH_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 3000;

interface EventRow {
  position: string;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    revision: row.revision,
    position: Number(row.position),
    data: row.data,
    metadata: row.metadata,
  };
}

/** The URL without its password, for health details and errors. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres';
  }
}

/**
 * Event store on PostgreSQL, shared by every node of a cluster. Appends of one event-loop turn are
 * committed together (GroupCommitQueue, PostgresGroupWriter) under the store's one write lock, which
 * keeps the global order gap-free across nodes. Each commit notifies `rc_events`; subscriptions wake on
 * that notification (or on this process's own commits) and read on from their position.
 */
export class PostgresEventStore implements EventStore {
  readonly adapterName = 'postgres';
  private readonly signal = new ChangeSignal();
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly queue: GroupCommitQueue;
  private readonly where: string;
  private listener: Client | undefined;
  private listening: Promise<void> | undefined;
  private fallbackTimer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly pool: Pool,
    private readonly url: string,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.where = describe(url);
    const writer = new PostgresGroupWriter(pool);
    this.queue = new GroupCommitQueue(
      (appends) => writer.write(appends),
      () => this.signal.notify(),
    );
  }

  /** Connects and creates the tables if they are missing (nodes starting together agree on one doing it). */
  static async connect(url: string, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const pool = new Pool(PostgresEventStore.poolConfig(url, options.poolSize ?? 8));
    // An idle connection that dies is dropped by the pool; the next query reports the outage.
    pool.on('error', () => undefined);
    try {
      const client = await pool.connect();
      try {
        await ensurePostgresEventSchema(client);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw PostgresEventStore.unavailable(describe(url), error);
    }
    return new PostgresEventStore(pool, url, options);
  }

  private static poolConfig(url: string, max: number): PoolConfig {
    return { connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'ringcheck-events' };
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
    if (options.maxCount === 0) return [];
    const limit = options.maxCount ?? null;
    const rows =
      options.direction === 'backwards'
        ? await this.query(READS.streamBackwards, [streamId, Math.min(options.fromRevision ?? 2_147_483_647, 2_147_483_647), limit])
        : await this.query(READS.streamForwards, [streamId, Math.min(options.fromRevision ?? 0, 2_147_483_647), limit]);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    if (options.maxCount === 0) return [];
    const from = options.fromPosition ?? 0;
    const limit = options.maxCount ?? null;
    const { types } = options;
    const rows = types === undefined ? await this.query(READS.all, [from, limit]) : await this.query(READS.allOfTypes, [from, [...new Set(types)], limit]);
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
    this.listen();
    return subscription;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    const rows = await this.query<{ position: string }>(READS.head);
    return Number(rows[0]?.position ?? 0);
  }

  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    try {
      const head = await Promise.race([this.headPosition(), timeout]);
      return {
        adapter: this.adapterName,
        state: 'up',
        detail: `${this.where} (group commit), head position ${head}`,
      };
    } catch (error) {
      const reason = error instanceof StoreUnavailableError ? error.reason : (error as Error).message;
      return {
        adapter: this.adapterName,
        state: 'down',
        detail: `${this.where}: ${reason}`,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await this.queue.drain();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.closed = true;
    await this.stopListening();
    await this.pool.end();
  }

  private async query<Row = EventRow>(statement: { name: string; text: string }, values: unknown[] = []): Promise<Row[]> {
    try {
      return (await this.pool.query({ ...statement, values })).rows as Row[];
    } catch (error) {
      throw isConnectionError(error) ? PostgresEventStore.unavailable(this.where, error) : error;
    }
  }

  private static unavailable(where: string, error: unknown): StoreUnavailableError {
    const { code, message } = (error ?? {}) as {
      code?: unknown;
      message?: unknown;
    };
    const text = typeof message === 'string' && message ? message : String(error);
    return new StoreUnavailableError('event_store', 'postgres', `${where}: ${text}${typeof code === 'string' ? ` (${code})` : ''}`, { cause: error });
  }

  private toError(failure: AppendFailure): unknown {
    switch (failure.kind) {
      case 'concurrency':
        return new ConcurrencyError(failure.streamId, failure.expected, failure.actual);
      case 'idempotency':
        return new IdempotencyConflictError(failure.streamId, failure.storedIds, failure.newIds);
      case 'engine': {
        const error = Object.assign(new Error(failure.message), {
          code: failure.code,
        });
        return isConnectionError(error) ? PostgresEventStore.unavailable(this.where, error) : error;
      }
    }
  }

  /**
   * Keeps one connection listening on rc_events while anyone is subscribed, so commits of other nodes
   * wake the subscriptions. While it is down (and until it is back) subscriptions poll instead.
   */
  private listen(): void {
    if (this.listening || this.closed) return;
    this.listening = this.connectListener().finally(() => (this.listening = undefined));
  }

  private async connectListener(): Promise<void> {
    const client = new Client(PostgresEventStore.poolConfig(this.url, 1));
    const lost = (): void => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.pollUntilListening();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.signal.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch {
      client.end().catch(() => undefined);
      this.pollUntilListening();
      return;
    }
    if (this.closed || this.subscriptions.size === 0) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.stopPolling();
    // Commits made while no one listened are read now.
    this.signal.notify();
  }

  private pollUntilListening(): void {
    if (this.fallbackTimer || this.closed || this.subscriptions.size === 0) return;
    this.fallbackTimer = setInterval(() => {
      this.signal.notify();
      this.listen();
    }, this.options.fallbackPollMs ?? 1000);
    this.fallbackTimer.unref();
  }

  private stopPolling(): void {
    if (this.fallbackTimer) clearInterval(this.fallbackTimer);
    this.fallbackTimer = undefined;
  }

  private async stopListening(): Promise<void> {
    this.stopPolling();
    await this.listening;
    // Someone subscribed again while the listener was connecting: it stays.
    if (!this.closed && this.subscriptions.size > 0) return;
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private forget(subscription: PollingSubscription): void {
    this.subscriptions.delete(subscription);
    if (this.subscriptions.size === 0 && !this.closed) void this.stopListening();
  }

  private assertOpen(): void {
    if (this.closed) throw this.closedError();
  }

  private closedError(): Error {
    return new Error(`Event store ${this.where} is closed`);
  }
}
