import { RING_CYCLE_MS } from '../sandbox';

/**
 * When a callback's event happened. Twilio's `Timestamp` (RFC 2822) is cut to the second, so the event lies
 * in [Timestamp, Timestamp + 1 s); the arrival time is later than the event by the network delay. The
 * arrival time, held inside that second, is the best estimate; without a usable Timestamp it stands alone.
 * A callback retried or delayed by seconds thus still counts at its own moment.
 */
export function callbackTimeMs(timestamp: string | undefined, arrivalMs: number): number {
  const second = timestamp ? Date.parse(timestamp) : Number.NaN;
  if (!Number.isFinite(second)) return arrivalMs;
  return Math.min(Math.max(arrivalMs, second), second + 999);
}

/** Rings heard in `ringingMs` of ringing, at the US cadence (a ring every 6 s, the first at once). */
export function ringsIn(ringingMs: number): number {
  return Math.floor(Math.max(0, ringingMs) / RING_CYCLE_MS) + 1;
}
