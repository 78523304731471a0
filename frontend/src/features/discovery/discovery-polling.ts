import type { PollingFallback } from '../../realtime/polling-fallback';
import { DISCOVERY_MAX_POLL_DURATION_MS, DISCOVERY_MAX_POLLS, DISCOVERY_POLL_INTERVAL_MS } from './discovery-constants';
import { type Discovery, isSettled } from '../../api/discoveries-api';

/**
 * Spec sections 4 and 9: the status every 3 s until the discovery completes or fails, at most 20
 * polls or 90 s; a failed poll stops polling. The room is still followed either way.
 */
export const DISCOVERY_POLLING: PollingFallback<Discovery> = {
  intervalMs: DISCOVERY_POLL_INTERVAL_MS,
  isDone: (discovery) => isSettled(discovery.status),
  maxPolls: DISCOVERY_MAX_POLLS,
  maxDurationMs: DISCOVERY_MAX_POLL_DURATION_MS,
};
