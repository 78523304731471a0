/** Spec section 9: call polling every 5 s, at most 10 consecutive failed polls. */
export const CALL_POLL_INTERVAL_MS = 5000;
export const CALL_MAX_POLL_RETRIES = 10;
/** A rate-limited poll waits this long when the server does not say (three intervals). */
export const CALL_RATE_LIMITED_DELAY_MS = 3 * CALL_POLL_INTERVAL_MS;
/** After sign-in the anonymous profile is linked a few seconds later: look again every 2 s, for up to 10 s. */
export const ACCESS_RECHECK_INTERVAL_MS = 2000;
export const ACCESS_RECHECK_ATTEMPTS = 5;
/** Soft gate preview height (spec section 9); the analysis preview is taller. */
export const SOFT_GATE_PREVIEW_HEIGHT = '40vh';
export const ANALYSIS_PREVIEW_HEIGHT = '50vh';
/** How long the copied indicator shows (spec section 9). */
export const COPY_INDICATOR_MS = 2000;
/** How long a transcript line stays highlighted after an evidence jump. */
export const EVIDENCE_HIGHLIGHT_MS = 2500;

export const callRoom = (callId: string) => `call:${callId}`;
