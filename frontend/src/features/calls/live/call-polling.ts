import { ApiError, RateLimitError } from '../../../api/api-error';
import type { Call } from '../../../api/calls-api';
import type { PollingFallback } from '../../../realtime/polling-fallback';
import type { PushOutcome } from '../../../realtime/use-live-query';
import type { RealtimeMessage } from '../../../realtime/realtime-message';
import { CALL_MAX_POLL_RETRIES, CALL_POLL_INTERVAL_MS, CALL_RATE_LIMITED_DELAY_MS } from '../call-constants';
import { CALL_MESSAGES } from '../call-messages';
import { asCallDocument, hasFinalStatus, isSettled, newerCall, withReportKept } from '../call-state';

/**
 * Spec sections 4, 8 and 9: every 5 s until the call settles (completed calls until their analysis
 * is there). A 429 waits the Retry-After, or three intervals; a 404 once the status is final ends
 * polling quietly; 10 failed polls in a row give up.
 */
export const CALL_POLLING: PollingFallback<Call> = {
  intervalMs: CALL_POLL_INTERVAL_MS,
  isDone: isSettled,
  maxFailures: CALL_MAX_POLL_RETRIES,
  endsQuietly: (error, call) => error instanceof ApiError && error.status === 404 && call !== undefined && hasFinalStatus(call),
  waitAfterFailure: (error) =>
    error instanceof RateLimitError ? Math.max(CALL_RATE_LIMITED_DELAY_MS, (error.retryAfter ?? 0) * 1000) : CALL_POLL_INTERVAL_MS,
};

/** Why the call is shown as failed once polling gave up. */
export const gaveUpMessage = (call: Call): string =>
  hasFinalStatus(call) ? CALL_MESSAGES.callDataUnavailable : CALL_MESSAGES.finalStatusUnknown;

/** A push on the `call:<id>` room: the room's `update` messages carry the call in its REST shape. */
export function callPushOutcome(callId: string, message: RealtimeMessage, current: Call | undefined): PushOutcome<Call> {
  const pushed = asCallDocument(message.document, callId);
  if (!pushed) return null;
  // This connection was opened before sign-in: its preview is a cue to read the owner's view.
  if (pushed.access === 'preview' && current?.access === 'full') return 'refetch';
  // On completion the analysis is fetched again (spec section 4): its report is not in the push.
  const call = withReportKept(pushed, current);
  if (!call) return 'refetch';
  return { data: newerCall(current, call) };
}
