/** Delays between retries: `initialMs`, doubled after each consecutive failure up to `maxMs`. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {}

  /** Consecutive failures counted since the last reset. */
  get attempts(): number {
    return this.failures;
  }

  /** Counts a failure and returns how long to wait before the next attempt. */
  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures, 30));
    this.failures += 1;
    return delay;
  }

  reset(): void {
    this.failures = 0;
  }
}

/** Resolves after `ms`, or as soon as `signal` is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
