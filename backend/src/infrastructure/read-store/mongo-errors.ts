import { DuplicateKeyError } from '@ringcheck/projections';
import { MongoBulkWriteError, MongoServerError } from 'mongodb';

const DUPLICATE_KEY = 11000;
/**
 * FerretDB 1.x on SQLite reports a unique index violated by an update, a replacement or an index build
 * as InternalError (code 1) carrying SQLite's message, not as code 11000.
 */
const SQLITE_UNIQUE_VIOLATION = /UNIQUE constraint failed: index '([^']*)'/;

/** Turns duplicate key errors (code 11000, also inside bulk writes) into DuplicateKeyError. */
export function translateWriteError(collectionName: string, error: unknown): unknown {
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    const duplicate = writeErrors.find((writeError) => writeError?.code === DUPLICATE_KEY);
    if (duplicate) {
      const info = duplicate.err as { keyValue?: unknown; errmsg?: string };
      return new DuplicateKeyError(collectionName, info.keyValue ?? duplicate.errmsg ?? error.message);
    }
  }
  if (!(error instanceof MongoServerError)) return error;
  if (error.code === DUPLICATE_KEY) {
    return new DuplicateKeyError(collectionName, (error.keyValue as unknown) ?? error.errmsg ?? error.message);
  }
  const sqliteViolation = SQLITE_UNIQUE_VIOLATION.exec(error.message);
  if (sqliteViolation) return new DuplicateKeyError(collectionName, { index: sqliteViolation[1] });
  return error;
}
