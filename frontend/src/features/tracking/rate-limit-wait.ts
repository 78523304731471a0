import { parseRetryAfter } from '../../api/retry-after';

/** Header lookups as `Response.headers` offers them. */
export interface HeaderSource {
  get(name: string): string | null;
}

/** Above this an X-RateLimit-Reset value is a moment (epoch seconds, or milliseconds when larger still), not a delay. */
const EPOCH_SECONDS_FLOOR = 1_000_000_000;
const EPOCH_MILLISECONDS_FLOOR = 1_000_000_000_000;

function resetHeaderWait(value: string | null, now: number): number | null {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  const number = Number(value);
  if (number >= EPOCH_MILLISECONDS_FLOOR) return Math.max(0, number - now);
  if (number >= EPOCH_SECONDS_FLOOR) return Math.max(0, number * 1000 - now);
  return number * 1000;
}

/**
 * How long a 429 asks the analytics client to wait, in milliseconds (spec section 8: "429 retries after the
 * reset header time, default 5 s"). Our API sends `Retry-After` and `RateLimit-Reset` in seconds; providers
 * in Segment's style send `X-RateLimit-Reset` as seconds or as an epoch time. The first one present wins.
 */
export function rateLimitWaitMs(headers: HeaderSource, now: number, fallbackMs: number): number {
  const xReset = resetHeaderWait(headers.get('X-RateLimit-Reset'), now);
  if (xReset !== null) return xReset;
  const reset = resetHeaderWait(headers.get('RateLimit-Reset'), now);
  if (reset !== null) return reset;
  const retryAfter = parseRetryAfter(headers.get('Retry-After'), now);
  return retryAfter === null ? fallbackMs : retryAfter * 1000;
}
