export { createEventStore, type EventStoreConfig } from './create-event-store';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite-event-store';
// Type-only, so importing this folder does not load the gRPC client; import the class from
// './eventstoredb-event-store' where it is needed (createEventStore loads it on demand).
export type { EventStoreDbEventStore, EventStoreDbEventStoreOptions } from './eventstoredb-event-store';
export type { ResubscribePolicy } from './eventstoredb-subscription';
export { IdempotencyConflictError } from './idempotency-conflict-error';
export { InvalidAppendError } from './invalid-append-error';
