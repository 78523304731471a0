import type { Call, CallStatus } from '../../api/calls-api';

const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set(['completed', 'failed', 'canceled']);

/** Completed, failed or canceled: the call itself is over (spec section 4). */
export const hasFinalStatus = (call: Pick<Call, 'status'>): boolean => FINAL_STATUSES.has(call.status);

/**
 * Nothing more will change: failed, canceled, or completed with its analysis. A completed call is
 * followed until its analysis arrives ("on completion the analysis is fetched again").
 */
export function isSettled(call: Pick<Call, 'status' | 'analysis' | 'phase'>): boolean {
  if (call.status === 'failed' || call.status === 'canceled') return true;
  return call.status === 'completed' && (call.analysis !== null || call.phase === 'done');
}

/** Queued or on the line: the owner may still cancel it. */
export const isCancellable = (call: Pick<Call, 'status'>): boolean => call.status === 'queued' || call.status === 'in_progress';

/**
 * Whether `next` is at least as recent as `current`. Several changes can share a timestamp (and a
 * preview has none), so ties go to the one that has seen more of the call.
 */
export function isNotOlder(next: Call, current: Call | null): boolean {
  if (!current) return true;
  if (next.updated_at && current.updated_at && next.updated_at !== current.updated_at) return next.updated_at > current.updated_at;
  return progressOf(next) >= progressOf(current);
}

const STATUS_RANK: Record<CallStatus, number> = { queued: 0, in_progress: 1, completed: 2, failed: 2, canceled: 2 };

const progressOf = (call: Call) =>
  STATUS_RANK[call.status] * 10_000 +
  (call.timeline?.length ?? 0) +
  (call.transcript?.length ?? 0) +
  (call.phase === 'analyzing' ? 1 : 0) +
  (call.analysis ? 1 : 0);

/** The call as shown after polling gave up: failed, with the polling message. */
export const markedFailed = (call: Call, message: string): Call => ({ ...call, status: 'failed', phase: 'failed', error_message: message });

/** A realtime document that is a view of the call `id` (the room's `update` messages carry the REST shape). */
export function asCallDocument(document: unknown, id: string): Call | null {
  if (typeof document !== 'object' || document === null) return null;
  const call = document as Partial<Call>;
  if (call.id !== id || typeof call.status !== 'string' || typeof call.phase !== 'string') return null;
  return call as Call;
}
