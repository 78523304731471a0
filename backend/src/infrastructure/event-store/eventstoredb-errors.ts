import { DeadlineExceededError, NotLeaderError, TimeoutError, UnavailableError } from '@eventstore/db-client';
import { StoreUnavailableError } from '@ringcheck/projections';

/** Thrown by the client when no node of the cluster answered its gossip requests. */
const DISCOVERY_FAILED = /^Failed to discover after \d+ attempts/;

/** The server could not be reached, did not answer in time, or is not the leader right now. */
export function isEventStoreDbUnavailableError(error: unknown): boolean {
  return (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    (error instanceof Error && DISCOVERY_FAILED.test(error.message))
  );
}

/** What to throw for a failed client call: StoreUnavailableError for an outage, else the error. */
export function fromEventStoreDbError(error: unknown): unknown {
  if (!isEventStoreDbUnavailableError(error)) return error;
  return new StoreUnavailableError('event_store', 'eventstoredb', (error as Error).message || 'no answer', { cause: error });
}
