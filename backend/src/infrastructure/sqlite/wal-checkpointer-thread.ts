/**
 * The WAL checkpointer's thread: copies committed pages from the write-ahead log into the database file
 * and syncs them, on a connection of its own, while the main thread goes on committing. A PASSIVE
 * checkpoint never waits for a lock, so it never holds up the writer.
 */
import { workerData } from 'node:worker_threads';
import Database from 'libsql';
import { CheckpointerSlot, type CheckpointerThreadData } from './wal-checkpointer-protocol';

/** Frames copied in one round below which the thread rests before the next: commits are trickling, not streaming. */
const BUSY_ROUND_FRAMES = 64;
const REST_MS = 250;

const { file, slots } = workerData as CheckpointerThreadData;
const flags = new Int32Array(slots);
const db = new Database(file);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw(true);
let copiedBefore = 0;

try {
  while (Atomics.load(flags, CheckpointerSlot.Stop) === 0) {
    Atomics.wait(flags, CheckpointerSlot.Commits, 0);
    Atomics.store(flags, CheckpointerSlot.Commits, 0);
    if (Atomics.load(flags, CheckpointerSlot.Stop) !== 0) break;
    const [, , copied] = checkpoint.get() as [busy: number, logFrames: number, copiedFrames: number];
    Atomics.add(flags, CheckpointerSlot.Rounds, 1);
    // After the log restarts its frames count from zero again.
    const thisRound = copied >= copiedBefore ? copied - copiedBefore : copied;
    copiedBefore = copied;
    if (thisRound < BUSY_ROUND_FRAMES) Atomics.wait(flags, CheckpointerSlot.Stop, 0, REST_MS);
  }
} finally {
  db.close();
}
