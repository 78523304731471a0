import type { PollingPhase } from '../../realtime/polling-fallback';
import { toBusinessResult } from './business-result';
import { DISCOVERY_MESSAGES as M } from './discovery-messages';
import type { DiscoveryQuery, DiscoverySearchState, DiscoverySource } from './discovery-search-state';
import type { Discovery, DiscoveryWithResults } from '../../api/discoveries-api';

/** A search from the moment it is sent; `discoveryId` is known once the discovery is created. */
export interface RunningSearch {
  id: number;
  query: DiscoveryQuery;
  startedAt: number;
  discoveryId: string | null;
}

/** What a running search has come to, for its toast: found, failed, the results unreadable, or slow. */
export type SearchOutcome = 'found' | 'failed' | 'results-failed' | 'still-processing' | null;

export interface RunningSearchView {
  state: DiscoverySearchState;
  outcome: SearchOutcome;
}

interface Reads {
  status: Discovery | undefined;
  polling: PollingPhase | null;
  results: DiscoveryWithResults | undefined;
  resultsFailed: boolean;
}

/** The results area for a running search, from what its discovery's queries hold. */
export function runningSearchView(run: RunningSearch, reads: Reads, source: DiscoverySource): RunningSearchView {
  const { query, discoveryId } = run;
  const { status, results } = reads;
  if (status?.status === 'failed') {
    return {
      state: { phase: 'failed', query, discoveryId, message: status.error || null, reason: status.failure_reason ?? null },
      outcome: 'failed',
    };
  }
  if (status?.status === 'completed' && results) {
    const found = results.place_search_results.map((result) => toBusinessResult(result, results.id));
    return { state: { phase: 'results', query, discoveryId, results: found }, outcome: 'found' };
  }
  if (status?.status === 'completed' && reads.resultsFailed) {
    return { state: { phase: 'failed', query, discoveryId, message: null, reason: null }, outcome: 'results-failed' };
  }
  if (reads.polling === 'gave-up') {
    return { state: { phase: 'status-error', query, discoveryId, message: source === 'home' ? M.statusCheckError : null }, outcome: null };
  }
  const stillProcessing = reads.polling === 'limit';
  return {
    state: { phase: 'searching', query, discoveryId, startedAt: run.startedAt, stillProcessing },
    outcome: stillProcessing ? 'still-processing' : null,
  };
}
