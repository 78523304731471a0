import { Backoff, sleep, StoreUnavailableError } from '@ringcheck/projections';

export interface StoreRetryOptions {
  /** Aborted when the caller shuts down: retrying stops and the outage is thrown. */
  signal: AbortSignal;
  /** Told once, when an outage first holds this work up. */
  onOutage?: (error: StoreUnavailableError) => void;
}

const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 5000;

/**
 * Runs `work` again, with growing pauses, for as long as it fails because a store is unavailable, so that
 * background work (a search, a call being recorded) waits out an outage instead of being dropped.
 * Any other error is thrown at once.
 */
export async function retryWhileStoreUnavailable<T>(work: () => Promise<T>, options: StoreRetryOptions): Promise<T> {
  const backoff = new Backoff(FIRST_RETRY_MS, MAX_RETRY_MS);
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || options.signal.aborted) throw error;
      if (backoff.attempts === 0) options.onOutage?.(error);
      await sleep(backoff.next(), options.signal);
    }
  }
}
