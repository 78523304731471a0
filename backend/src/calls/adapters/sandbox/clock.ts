/** An opaque timer handle of a Clock. */
export type TimerHandle = { readonly id: number } | ReturnType<typeof setTimeout>;

/** Time and timers, replaceable in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}
