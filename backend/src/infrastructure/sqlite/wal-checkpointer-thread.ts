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
/**
 * Rest between rounds while commits stream. A round copies every page written since the last one and
 * syncs the file, so a page that many commits write again (an index's hot leaf) is copied once a round
 * rather than once a commit, and the syncs do not queue up beside the commits' own. Rounds back to back
 * cost the event store's 64 writers 0.66-0.69 of the floor against 0.72-0.80 so (three pairs of runs).
 */
const BUSY_REST_MS = 100;

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
    Atomics.wait(flags, CheckpointerSlot.Stop, 0, thisRound < BUSY_ROUND_FRAMES ? REST_MS : BUSY_REST_MS);
  }
} finally {
  db.close();
}
