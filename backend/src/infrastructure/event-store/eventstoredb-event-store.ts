import {
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError as EventStoreDbStreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
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
} from '@ringcheck/projections';
import { assertValidAppend, toJsonText } from './append-request';
import { fromEventStoreDbError } from './eventstoredb-errors';
import { toEventStoreDbPosition, toOurPosition, toRecordedEvent } from './eventstoredb-event-mapper';
import {
  DEFAULT_RESUBSCRIBE_POLICY,
  EventStoreDbSubscription,
  type ResubscribePolicy,
} from './eventstoredb-subscription';
import { IdempotencyConflictError } from './idempotency-conflict-error';
import type { EventHandler } from './polling-subscription';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from './read-options';

const READ_ALL_PAGE = 1000;
const HEAD_SCAN_PAGE = 100;
const HEALTH_DEADLINE_MS = 3000;
/** How far back a refused append looks for its own event ids, to tell a partial retry from a conflict. */
const ID_SCAN_LIMIT = 4096;

export interface EventStoreDbEventStoreOptions {
  resubscribe?: ResubscribePolicy;
}

/**
 * EventStoreDB / KurrentDB adapter over gRPC. The client connects lazily, so a server that is
 * down at start-up shows as 'down' in health() instead of failing the process.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly adapterName = 'eventstoredb';
  private readonly subscriptions = new Set<EventStoreDbSubscription>();
  private closed = false;

  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly resubscribePolicy: ResubscribePolicy,
  ) {}

  static async connect(
    connectionString: string,
    options: EventStoreDbEventStoreOptions = {},
  ): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    return new EventStoreDbEventStore(client, options.resubscribe ?? DEFAULT_RESUBSCRIBE_POLICY);
  }

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    this.assertOpen();
    const expected = options.expectedRevision ?? 'any';
    assertValidAppend(streamId, events, expected);
    for (const event of events) {
      toJsonText(streamId, event.id, 'data', event.data);
      toJsonText(streamId, event.id, 'metadata', event.metadata);
    }
    const eventData = events.map((event) =>
      jsonEvent({
        id: event.id,
        type: event.type,
        // The client JSON-encodes data and metadata itself; its types want a JSON container.
        data: event.data as Record<string, unknown>,
        metadata: event.metadata,
      }),
    );
    let nextExpectedRevision: number;
    let reportedPosition: number | undefined;
    try {
      const result = await this.client.appendToStream(streamId, eventData, {
        expectedRevision: toEventStoreDbExpectation(expected),
      });
      nextExpectedRevision = Number(result.nextExpectedRevision);
      reportedPosition = result.position && toOurPosition(result.position);
    } catch (error) {
      throw fromEventStoreDbError(await this.explainRefusedAppend(streamId, events, expected, error));
    }
    // The server reports the position of the append's first record; for a batch (or a position-less
    // idempotent reply) the position of the last event is read back.
    const position =
      events.length === 1 && reportedPosition !== undefined && reportedPosition > 0
        ? reportedPosition
        : await this.positionOfRevision(streamId, nextExpectedRevision);
    return { nextExpectedRevision, position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      // An unknown stream reads as empty, as in the SQLite adapter.
      if (error instanceof EventStoreDbStreamNotFoundError) return [];
      throw fromEventStoreDbError(error);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    return this.guard(() => this.readAllPages(options));
  }

  private async readAllPages(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    // $all cannot be read by event type (only subscribed to): the pages are filtered here instead.
    const types = options.types === undefined ? undefined : new Set(options.types);
    const events: RecordedEvent[] = [];
    // $all reads are inclusive and count system events, so page on raw positions and filter here.
    let cursor = options.fromPosition;
    while (events.length < maxCount) {
      let rawCount = 0;
      let lastRawPosition: number | undefined;
      const read = this.client.readAll({
        direction: FORWARDS,
        fromPosition: cursor === undefined ? START : toEventStoreDbPosition(cursor),
        maxCount: READ_ALL_PAGE,
      });
      for await (const resolved of read) {
        rawCount += 1;
        if (resolved.event?.position) lastRawPosition = toOurPosition(resolved.event.position);
        const event = toRecordedEvent(resolved);
        if (!event || (cursor !== undefined && event.position <= cursor) || (types && !types.has(event.type))) continue;
        if (events.length < maxCount) events.push(event);
      }
      if (rawCount < READ_ALL_PAGE || lastRawPosition === undefined) break;
      cursor = lastRawPosition;
    }
    return events;
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    assertValidReadAllOptions({ fromPosition: options.fromPosition });
    const subscription = new EventStoreDbSubscription(
      this.client,
      handler,
      options,
      this.resubscribePolicy,
      (stopped) => this.subscriptions.delete(stopped),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.guard(() => this.newestUserPosition());
  }

  async health(): Promise<PortHealth> {
    if (this.closed) return { adapter: this.adapterName, state: 'down', detail: 'closed' };
    try {
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        maxCount: 1,
        deadline: HEALTH_DEADLINE_MS,
      })) {
        void resolved;
      }
      return { adapter: this.adapterName, state: 'up', detail: 'read from $all succeeded' };
    } catch (error) {
      return { adapter: this.adapterName, state: 'down', detail: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.closed = true;
    await this.client.dispose();
  }

  /** Position of the newest non-system event, scanning $all backwards past system events. */
  private async newestUserPosition(): Promise<number> {
    let from: ReturnType<typeof toEventStoreDbPosition> | typeof END = END;
    for (;;) {
      let rawCount = 0;
      let oldest: ReturnType<typeof toEventStoreDbPosition> | undefined;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from,
        maxCount: HEAD_SCAN_PAGE,
      })) {
        rawCount += 1;
        const event = toRecordedEvent(resolved);
        if (event) return event.position;
        oldest = resolved.event?.position;
      }
      // Backwards reads are exclusive of their start position, so continuing from the oldest one is safe.
      if (rawCount < HEAD_SCAN_PAGE || oldest === undefined) return 0;
      from = oldest;
    }
  }

  private async positionOfRevision(streamId: string, revision: number): Promise<number> {
    const [event] = await this.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (!event || event.revision !== revision) {
      throw new Error(`Event ${revision} of stream ${streamId} was acknowledged but cannot be read back`);
    }
    return event.position;
  }

  /**
   * Turns a refused append into our errors: a batch partly found in the stream is an
   * IdempotencyConflictError (EventStoreDB reports it as a wrong expected version or an unknown
   * error), a plain wrong expected version a ConcurrencyError.
   */
  private async explainRefusedAppend(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    error: unknown,
  ): Promise<unknown> {
    if (!(error instanceof WrongExpectedVersionError) && !(error instanceof UnknownError)) return error;
    const wanted = new Set(events.map((event) => event.id));
    const recent = await this.readStream(streamId, { direction: 'backwards', maxCount: ID_SCAN_LIMIT });
    const stored = new Set(recent.filter((event) => wanted.has(event.id)).map((event) => event.id));
    if (stored.size > 0 && stored.size < wanted.size) {
      return new IdempotencyConflictError(
        streamId,
        events.filter((event) => stored.has(event.id)).map((event) => event.id),
        events.filter((event) => !stored.has(event.id)).map((event) => event.id),
      );
    }
    if (error instanceof WrongExpectedVersionError) {
      const actual = error.actualVersion === 'no_stream' ? 'no_stream' : Number(error.actualVersion);
      return new ConcurrencyError(streamId, expected, actual);
    }
    return error;
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw fromEventStoreDbError(error);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('EventStoreDB event store is closed');
  }
}

function toEventStoreDbExpectation(expected: ExpectedRevision): AppendExpectedRevision {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}
