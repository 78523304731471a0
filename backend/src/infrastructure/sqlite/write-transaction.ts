import type Database from 'libsql';
import { isSqliteLockError } from './sqlite-errors';

/** Pauses between attempts to take a write lock another connection holds. */
const LOCK_RETRY_PAUSES_MS = [5, 10, 25, 50, 100];

/**
 * Runs `work` in an IMMEDIATE transaction begun now, then commits; on any error rolls back and rethrows.
 * Begin, work and commit run synchronously, so nothing else on this connection can run in between.
 */
export function immediateTransaction<T>(db: Database.Database, work: () => T): T {
  // Only a rollback that failed (an I/O error) can leave a transaction open here, and an open one would
  // refuse every later BEGIN: discard it.
  if (db.inTransaction) rollbackQuietly(db);
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    rollbackQuietly(db);
    throw error;
  }
}

/**
 * As {@link immediateTransaction}, waiting up to `waitMs` while another connection holds the write lock.
 * The waiting happens here, between attempts: SQLite's own busy timeout would block the event loop,
 * and with it every other request, for as long as the lock is held.
 */
export async function waitingTransaction<T>(db: Database.Database, waitMs: number, work: () => T): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return immediateTransaction(db, work);
    } catch (error) {
      const pause = LOCK_RETRY_PAUSES_MS[Math.min(attempt, LOCK_RETRY_PAUSES_MS.length - 1)];
      if (!isSqliteLockError(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

function rollbackQuietly(db: Database.Database): void {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch {
    // The error that made us roll back is the one worth reporting.
  }
}
