import type { CallDocument, UserCallSummaryView } from '@ringcheck/projections';

const DAY_MS = 24 * 3600 * 1000;

/** What the call summary counts of a user's calls; recent ones are those created after a moment. */
export interface CallCounts {
  first: Pick<CallDocument, 'id' | 'businessName' | 'createdAt'> | null;
  total: number;
  completed: number;
  /** Queued or in progress. */
  inProgress: number;
  recent: number;
}

/** Calls created after this moment count as recent activity. */
export const recentSince = (now: Date): Date => new Date(now.getTime() - DAY_MS);

/** The user call summary (spec section 3). */
export function callSummaryOf({ first, total, completed, inProgress, recent }: CallCounts): UserCallSummaryView {
  return {
    firstCall: first ? { id: first.id, business_name: first.businessName, created_at: first.createdAt } : null,
    totalCalls: total,
    completedCalls: completed,
    inProgressCalls: inProgress,
    recentCallActivity: recent,
  };
}
