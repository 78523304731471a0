import { type Call, isFullCall } from '../../api/calls-api';
import type { KeyValueStorage } from '../anonymous/browser-storage';
import { hasFinalStatus } from '../calls/call-state';
import type { ProductEvents } from './product-events';

const SEEN_KEY = 'rc_calls_seen_ended';
/** Calls remembered as already reported; the oldest are forgotten past this. */
const SEEN_MAX = 200;

/** `Call Completed`'s properties for a call its owner sees, once it has ended; null while it runs or for others. */
export function callCompletedOf(call: Call): ProductEvents['Call Completed'] | null {
  if (call.viewer_is_owner !== true || !hasFinalStatus(call)) return null;
  const full = isFullCall(call) ? call : null;
  return {
    callId: call.id,
    duration: full?.duration_ms != null ? Math.round(full.duration_ms / 1000) : null,
    outcome: call.status,
    businessId: full?.place_search_result ?? null,
  };
}

/** Whether this browser had not reported `callId` yet; it is remembered as reported from now on. */
export function firstReportOf(storage: KeyValueStorage, callId: string): boolean {
  let seen: string[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEEN_KEY) ?? '[]');
    if (Array.isArray(parsed)) seen = parsed.filter((item): item is string => typeof item === 'string');
  } catch {
    seen = [];
  }
  if (seen.includes(callId)) return false;
  try {
    storage.setItem(SEEN_KEY, JSON.stringify([...seen, callId].slice(-SEEN_MAX)));
  } catch {
    // Storage refused: this page load still reports the call once (the caller keeps its own memory).
  }
  return true;
}
