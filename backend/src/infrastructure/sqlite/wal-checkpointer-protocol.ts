/** What the main thread and the WAL checkpointer's thread share: a few counters in shared memory. */
export interface CheckpointerThreadData {
  file: string;
  slots: SharedArrayBuffer;
}

export enum CheckpointerSlot {
  /** Commits since the thread last looked (the main thread adds, the thread clears and waits on it). */
  Commits = 0,
  /** Non-zero: the thread closes its connection and ends. */
  Stop = 1,
  /** Checkpoints the thread has run. */
  Rounds = 2,
}

export const CHECKPOINTER_SLOTS = 3;
