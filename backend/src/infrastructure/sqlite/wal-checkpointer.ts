import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type Database from 'libsql';
import { startModuleWorker } from '../threads/module-worker';
import { CHECKPOINTER_SLOTS, CheckpointerSlot, type CheckpointerThreadData } from './wal-checkpointer-protocol';

/**
 * Log size past which checkpoints move to their own thread: half of what SQLite's own checkpoints let it
 * reach, so a store that writes at all hands them over, and a short-lived one that writes little does not.
 */
const START_BYTES = 2 * 1024 * 1024;
/**
 * With the thread running, the connection that commits checkpoints too only when the log outgrows this
 * many pages (16 MB) or its own setting if larger, as when the thread cannot keep up with a long burst.
 */
const BACKSTOP_PAGES = 4096;

/**
 * Takes a WAL database's checkpoints off the thread that commits. SQLite runs one every 1,000 pages (by
 * default) on the connection that commits, which then writes each page a second time and syncs both
 * files before it returns: about half of what a large write costs. Once the log has grown past a few megabytes, a
 * thread with a connection of its own copies the log into the database file while commits go on.
 *
 * The log file is not cut back once it starts over (no journal_size_limit): it keeps the size the longest
 * run of commits between two whole checkpoints gave it, and commits overwrite it from the start. With the
 * limit set to 16 MB every commit of the event store took about 0.2 ms longer (1.09-1.22 ms against
 * 0.87-0.94 ms in five pairs of the same 64-writer load on raw libsql; the store's 64 writers went from
 * 0.70 to 0.86-0.87 of the floor), even when the log never grew past it.
 */
export class WalCheckpointer {
  private readonly flags = new Int32Array(new SharedArrayBuffer(CHECKPOINTER_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private worker: Worker | undefined;
  /** The thread failed or ended: SQLite's own checkpoints carry on as before it started. */
  private failed = false;
  /** The connection's own checkpoint interval before the thread started, in pages. */
  private ownPages = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {}

  /** Checkpoints the thread has run (none before it starts). */
  get rounds(): number {
    return Atomics.load(this.flags, CheckpointerSlot.Rounds);
  }

  get running(): boolean {
    return this.worker !== undefined && !this.failed;
  }

  /** Told after each commit of the connection. */
  committed(): void {
    if (this.failed) return;
    if (!this.worker) {
      if (logBytes(this.file) < START_BYTES) return;
      this.start();
    }
    Atomics.add(this.flags, CheckpointerSlot.Commits, 1);
    Atomics.notify(this.flags, CheckpointerSlot.Commits);
  }

  /** Ends the thread and waits for its connection to close (before the committing one closes). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.failed) return;
    this.failed = true;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Held until it has exited: an unreferenced thread would let the process end while this waits.
    worker.ref();
    Atomics.store(this.flags, CheckpointerSlot.Stop, 1);
    Atomics.notify(this.flags, CheckpointerSlot.Stop);
    Atomics.add(this.flags, CheckpointerSlot.Commits, 1);
    Atomics.notify(this.flags, CheckpointerSlot.Commits);
    await exited;
  }

  private start(): void {
    const data: CheckpointerThreadData = { file: this.file, slots: this.flags.buffer as SharedArrayBuffer };
    const worker = startModuleWorker(__dirname, 'wal-checkpointer-thread', data);
    this.worker = worker;
    worker.unref();
    worker.once('error', () => this.fallBack());
    worker.once('exit', () => this.fallBack());
    this.ownPages = (this.db.prepare('PRAGMA wal_autocheckpoint').raw(true).get() as [number])[0];
    this.db.exec(`PRAGMA wal_autocheckpoint = ${Math.max(BACKSTOP_PAGES, this.ownPages)}`);
  }

  private fallBack(): void {
    if (this.failed) return;
    this.failed = true;
    try {
      this.db.exec(`PRAGMA wal_autocheckpoint = ${this.ownPages}`);
    } catch {
      // The connection is closed already: nothing left to checkpoint on it.
    }
  }
}

function logBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
