import { type StorePort, StoreUnavailableError } from '@ringcheck/projections';

/**
 * SQLite result codes that say the file cannot be used right now, not that the statement is wrong:
 * another connection holds the lock, the file is read-only or cannot be opened, the disk failed or is
 * full. Extended codes (`SQLITE_IOERR_WRITE`, `SQLITE_READONLY_DBMOVED`, ...) count with their primary code.
 */
const UNAVAILABLE_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_FULL', 'SQLITE_PROTOCOL'];
const LOCK_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED'];

function hasCode(error: unknown, codes: readonly string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.some((primary) => code === primary || code.startsWith(`${primary}_`));
}

/** Another connection holds the lock the statement needed. */
export function isSqliteLockError(error: unknown): boolean {
  return hasCode(error, LOCK_CODES);
}

export function isSqliteUnavailableError(error: unknown): boolean {
  return hasCode(error, UNAVAILABLE_CODES);
}

/** What to throw for a failed SQLite call: a StoreUnavailableError when the file is unusable, else the error. */
export function fromSqliteError(port: StorePort, adapter: string, error: unknown): unknown {
  if (!isSqliteUnavailableError(error)) return error;
  const { code, message } = error as { code: string; message: string };
  return new StoreUnavailableError(port, adapter, `${message} (${code})`, { cause: error });
}
