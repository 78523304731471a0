export const DAY_MS = 24 * 3600 * 1000;

export type BusinessDailyCapDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Whether one more call may go to a business that `recentCalls` (creation times within the last
 * 24 hours, newest first, at least the `limit` newest) already went to. When not, the wait is until
 * the `limit`-th newest of them is a day old.
 */
export function businessDailyCap(recentCalls: readonly string[], limit: number, now: number): BusinessDailyCapDecision {
  if (recentCalls.length < limit) return { allowed: true };
  const reopensAt = Date.parse(recentCalls[limit - 1]) + DAY_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now) / 1000)) };
}
