import type { RateLimitStatus } from '../api/analytics-api';

/** Requests left below which the allowance is shown: a tenth of the limit, and never fewer than 5. */
export function lowAllowanceThreshold(limit: number): number {
  return Math.max(5, Math.ceil(limit / 10));
}

const clock = (iso: string, locale?: string) => new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

/** "3 requests left this minute, resets at 10:42." once the allowance is low; null while it is not. */
export function lowAllowanceText(status: RateLimitStatus, locale?: string): string | null {
  if (status.remaining > lowAllowanceThreshold(status.limit)) return null;
  const window = status.window_seconds === 60 ? 'this minute' : `in this ${status.window_seconds}-second window`;
  const resets = `resets at ${clock(status.reset_at, locale)}`;
  if (status.remaining <= 0) return `No requests left ${window}; the allowance ${resets}.`;
  return `${status.remaining} ${status.remaining === 1 ? 'request' : 'requests'} left ${window}, ${resets}.`;
}

/** The toast after a 429: how long to wait and, when known, the time it ends. */
export function rateLimitedText(retryAfterSeconds: number | null, now: number, locale?: string): string {
  if (!retryAfterSeconds) return 'Please wait a moment and try again.';
  const until = new Date(now + retryAfterSeconds * 1000).toISOString();
  return `Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again (until ${clock(until, locale)}).`;
}
