import { DuplicateKeyError, StoreUnavailableError } from '@ringcheck/projections';
import {
  MongoBulkWriteError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';

const DUPLICATE_KEY = 11000;
/**
 * FerretDB 1.x reports a unique index violated by an update, a replacement or an index build as
 * InternalError (code 1) carrying its backend's message, not as code 11000: SQLite's or PostgreSQL's.
 */
const BACKEND_UNIQUE_VIOLATIONS = [
  /UNIQUE constraint failed: index '([^']*)'/,
  /(?:violates unique constraint|could not create unique index) "([^"]*)" \(SQLSTATE 23505\)/,
];
/**
 * Server answers meaning "not now" (the server shuts down, steps down or cannot reach its peers):
 * HostUnreachable, HostNotFound, NetworkTimeout, ShutdownInProgress, PrimarySteppedDown, SocketException,
 * NotWritablePrimary, InterruptedAtShutdown, InterruptedDueToReplStateChange, NotPrimaryNoSecondaryOk,
 * NotPrimaryOrSecondary.
 */
const UNAVAILABLE_SERVER_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/** The server could not be reached, did not answer in time, or is shutting down or stepping down. */
export function isMongoUnavailableError(error: unknown): boolean {
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoOperationTimeoutError ||
    (error instanceof MongoServerError && UNAVAILABLE_SERVER_CODES.has(Number(error.code)))
  );
}

/** What to throw for a failed driver call: StoreUnavailableError for an outage, else the error. */
export function translateError(error: unknown): unknown {
  if (!isMongoUnavailableError(error)) return error;
  return new StoreUnavailableError('read_store', 'mongodb', (error as Error).message, { cause: error });
}

/** As translateError, and turns duplicate key errors (code 11000, also inside bulk writes) into DuplicateKeyError. */
export function translateWriteError(collectionName: string, error: unknown): unknown {
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    const duplicate = writeErrors.find((writeError) => writeError?.code === DUPLICATE_KEY);
    if (duplicate) {
      const info = duplicate.err as { keyValue?: unknown; errmsg?: string };
      return new DuplicateKeyError(collectionName, info.keyValue ?? duplicate.errmsg ?? error.message);
    }
  }
  if (!(error instanceof MongoServerError)) return translateError(error);
  if (error.code === DUPLICATE_KEY) {
    return new DuplicateKeyError(collectionName, (error.keyValue as unknown) ?? error.errmsg ?? error.message);
  }
  for (const violation of BACKEND_UNIQUE_VIOLATIONS) {
    const index = violation.exec(error.message)?.[1];
    if (index) return new DuplicateKeyError(collectionName, { index });
  }
  return translateError(error);
}
