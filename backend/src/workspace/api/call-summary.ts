import type { CallDocument, UserCallSummaryView } from '@ringcheck/projections';

const DAY_MS = 24 * 3600 * 1000;

/** The user call summary (spec section 3) of a user's calls, oldest first. */
export function callSummaryOf(calls: Pick<CallDocument, 'id' | 'status' | 'businessName' | 'createdAt'>[], now: Date): UserCallSummaryView {
  const first = calls[0];
  const since = now.getTime() - DAY_MS;
  return {
    firstCall: first ? { id: first.id, business_name: first.businessName, created_at: first.createdAt } : null,
    totalCalls: calls.length,
    completedCalls: calls.filter((call) => call.status === 'completed').length,
    inProgressCalls: calls.filter((call) => call.status === 'queued' || call.status === 'in_progress').length,
    recentCallActivity: calls.filter((call) => Date.parse(call.createdAt) > since).length,
  };
}
