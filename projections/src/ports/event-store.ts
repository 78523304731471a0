/**
 * The event store port. Both adapters (embedded SQLite, EventStoreDB) implement it and pass
 * one contract suite. Revisions are per stream and start at 0 (as in EventStoreDB); positions
 * are global, strictly increasing in commit order, and never reused.
 */

/** Metadata as a writer knows it: the schema version an event is written in is the registry's to say. */
export interface WriterMetadata {
  correlationId: string;
  causationId?: string | null;
  /** user_… or anon_… id of whoever caused the event, or 'system'. */
  actor?: string | null;
  /** ISO-8601 timestamp. */
  occurredAt: string;
  [key: string]: unknown;
}

export interface EventMetadata extends WriterMetadata {
  schemaVersion: number;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID; appending the same id twice to a stream stores it once. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  revision: number;
  position: number;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; a number: its last revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  nextExpectedRevision: number;
  /** Global position of the last event written (or found, for an idempotent repeat). */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events with a position greater than this. Omit to read from the beginning. */
  fromPosition?: number;
  maxCount?: number;
  /** Only events of these types; omit for all. */
  types?: readonly string[];
}

export interface SubscribeOptions {
  /** Exclusive, as in readAll. */
  fromPosition?: number;
  /** Called when the subscription drops for good (after the adapter gave up resubscribing). */
  onError?: (error: Error) => void;
}

/**
 * Catch-up subscription: delivers every event after fromPosition in order, then live ones.
 * The handler is awaited before the next event is delivered; a throwing handler stops the
 * subscription and reports through onError.
 */
export interface Subscription {
  close(): Promise<void>;
  /** Position of the last event handed to the handler, or undefined before the first. */
  readonly lastPosition: number | undefined;
}

export interface PortHealth {
  adapter: string;
  state: 'up' | 'down' | 'degraded';
  detail?: string;
}

export interface EventStore {
  readonly adapterName: string;
  appendToStream(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions): Subscription;
  /** Position of the newest event in the store, or 0 when empty. */
  headPosition(): Promise<number>;
  health(): Promise<PortHealth>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision for stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'ConcurrencyError';
  }
}

export class StreamNotFoundError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
    this.name = 'StreamNotFoundError';
  }
}
