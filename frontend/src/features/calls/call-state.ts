import { awaitsReport, type Call, type CallListItem, type CallStatus, isFullAnalysis, isFullCall } from '../../api/calls-api';

const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set(['completed', 'failed', 'canceled']);

/** Completed, failed or canceled: the call itself is over (spec section 4). */
export const hasFinalStatus = (call: Pick<Call, 'status'>): boolean => FINAL_STATUSES.has(call.status);

/**
 * Nothing more will change: failed, canceled, or completed with its analysis. A completed call is
 * followed until its analysis arrives ("on completion the analysis is fetched again").
 */
export function isSettled(call: Pick<Call, 'status' | 'analysis' | 'phase'>): boolean {
  if (call.status === 'failed' || call.status === 'canceled') return true;
  if (awaitsReport(call.analysis)) return false;
  return call.status === 'completed' && (call.analysis !== null || call.phase === 'done');
}

/**
 * A pushed call as the page shows it: a push carries the analysis without its report (kept apart from the
 * call), so the report already shown for that same analysis stays; null when there is none to keep and the
 * call is to be read again.
 */
export function withReportKept(pushed: Call, current: Call | undefined): Call | null {
  if (!isFullCall(pushed) || !awaitsReport(pushed.analysis)) return pushed;
  const shown = current && isFullCall(current) ? current.analysis : null;
  if (!pushed.analysis || !isFullAnalysis(shown) || shown.updated_at !== pushed.analysis.updated_at) return null;
  return { ...pushed, analysis: { ...pushed.analysis, report: shown.report } };
}

/** Queued or on the line: the owner may still cancel it. */
export const isCancellable = (call: Pick<Call, 'status'>): boolean => call.status === 'queued' || call.status === 'in_progress';

/**
 * Whether `next` is at least as recent as `current`. Several changes can share a timestamp (and a
 * preview has none), so ties go to the one that has seen more of the call.
 */
export function isNotOlder(next: CallListItem, current: CallListItem | null): boolean {
  if (!current) return true;
  const nextAt = isFullCall(next) ? next.updated_at : null;
  const currentAt = isFullCall(current) ? current.updated_at : null;
  if (nextAt && currentAt && nextAt !== currentAt) return nextAt > currentAt;
  return progressOf(next) >= progressOf(current);
}

const STATUS_RANK: Record<CallStatus, number> = { queued: 0, in_progress: 1, completed: 2, failed: 2, canceled: 2 };

const progressOf = (call: CallListItem) =>
  STATUS_RANK[call.status] * 10_000 +
  (isFullCall(call) ? call.timeline.length + ('transcript' in call ? call.transcript.length : call.transcript_lines) : 0) +
  (call.phase === 'analyzing' ? 1 : 0) +
  (call.analysis ? 1 : 0);

/**
 * The call to show when `next` arrives while `current` is shown: the newer of the two. A socket preview
 * does not say whose call it is, so what the API said is kept.
 */
export function newerCall<C extends CallListItem>(current: C | undefined, next: C): C {
  if (!current || current.id !== next.id) return next;
  if (!isNotOlder(next, current)) return current;
  return next.viewer_is_owner === undefined && current.viewer_is_owner !== undefined
    ? { ...next, viewer_is_owner: current.viewer_is_owner }
    : next;
}

/** The call as shown after polling gave up: failed, with the polling message. */
export const markedFailed = (call: Call, message: string): Call => ({ ...call, status: 'failed', phase: 'failed', error_message: message });

/** A realtime document that is a view of the call `id` (the room's `update` messages carry the REST shape). */
export function asCallDocument(document: unknown, id: string): Call | null {
  if (typeof document !== 'object' || document === null) return null;
  const call = document as Partial<Call>;
  if (call.id !== id || typeof call.status !== 'string' || typeof call.phase !== 'string') return null;
  return call as Call;
}
