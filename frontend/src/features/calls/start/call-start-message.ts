import { ApiError } from '../../../api/api-error';
import { CallStartError } from './call-start-error';
import type { CallStartMode } from './start-business-call';

export const CALL_START_FALLBACKS: Record<CallStartMode, string> = {
  business: 'Failed to initiate call. Please try again.',
  'phone-only': 'Failed to place test call. Please try again.',
  demo: 'Test call setup failed. Please try again.',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function twilioDetail(body: Record<string, unknown>): string | null {
  const twilio = body.twilio_error;
  if (typeof twilio === 'object' && twilio !== null) {
    const fields = twilio as Record<string, unknown>;
    return text(body.detail) ?? text(fields.detail) ?? text(fields.message);
  }
  return twilio === undefined || twilio === null ? null : (text(body.detail) ?? text(twilio));
}

/** The server refused the call until the visitor signs up (free calls used up, or a call to any number). */
export function callStartNeedsSignup(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return false;
  return (error.body as Record<string, unknown>).signup_required === true;
}

/**
 * The text of the 'Error' toast for a call that did not start (spec section 8): the server's
 * user_message wins; a twilio_error reads 'Call failed: {detail}'; otherwise the server's message,
 * or the fallback when there is nothing meant for people.
 */
export function callStartErrorMessage(error: unknown, mode: CallStartMode): string {
  const fallback = CALL_START_FALLBACKS[mode];
  if (error instanceof CallStartError) return error.message;
  if (!(error instanceof ApiError)) return fallback;
  const body = typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
  const userMessage = text(body.user_message);
  if (userMessage) return userMessage;
  const twilio = twilioDetail(body);
  if (twilio) return `Call failed: ${twilio}`;
  // The bare status line, and the server's own "no such route" answer, are not meant for people.
  const unmeant = /^API Error: \d+$/.test(error.message) || (error.status === 404 && /^Cannot [A-Z]+ \//.test(error.message));
  return unmeant ? fallback : error.message;
}
