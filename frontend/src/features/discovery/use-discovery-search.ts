import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { createDiscoveryMutation, discoveryKeys, discoveryResultsQuery, discoveryStatusQuery } from '../../api/discoveries-queries';
import { useAppServices } from '../../app/app-services';
import { useLiveQuery } from '../../realtime/use-live-query';
import { funnelStep } from '../tracking/product-events';
import { useTrackEvent } from '../tracking/use-track-event';
import { discoveryRoom } from './discovery-constants';
import { DISCOVERY_MESSAGES as M } from './discovery-messages';
import { DISCOVERY_POLLING } from './discovery-polling';
import { type DiscoveryQuery, type DiscoverySearchState, type DiscoverySource, IDLE } from './discovery-search-state';
import { DiscoveryToasts } from './discovery-toasts';
import { isSettled } from '../../api/discoveries-api';
import { type RunningSearch, runningSearchView } from './running-search';

export interface DiscoverySearch {
  state: DiscoverySearchState;
  /** Starts a discovery for trimmed, validated values; a running one is abandoned. */
  search(query: DiscoveryQuery): Promise<void>;
  /** Clears the results and stops following the discovery. */
  reset(): void;
  /** Shows a ready-made state instead of a discovery (the home test mode). */
  show(state: DiscoverySearchState): void;
}

/** A running search, or a state shown as it is (idle, a failed creation, the test mode). */
type Search = { run: RunningSearch } | { shown: DiscoverySearchState };

const serverMessage = (error: unknown): string | null => (error instanceof ApiError ? error.message : null);

/**
 * The one discovery flow of home and Explore (spec section 4): create, follow the status over the
 * discovery's room with polling as the fallback, read the results, and say what happened in toasts.
 */
export function useDiscoverySearch(source: DiscoverySource): DiscoverySearch {
  const { apis } = useAppServices();
  const queryClient = useQueryClient();
  const track = useTrackEvent();
  const { mutateAsync } = useMutation(createDiscoveryMutation(apis.discoveries));
  const [current, setCurrent] = useState<Search>({ shown: IDLE });
  const [toasts] = useState(() => new DiscoveryToasts());
  const runs = useRef(0);

  const run = 'run' in current ? current.run : null;
  const id = run?.discoveryId ?? null;
  const status = useLiveQuery({
    query: discoveryStatusQuery(apis.discoveries, id ?? ''),
    enabled: id !== null,
    room: id ? discoveryRoom(id) : null,
    onPush: () => 'refetch',
    polling: DISCOVERY_POLLING,
  });
  const results = useQuery({ ...discoveryResultsQuery(apis.discoveries, id ?? ''), enabled: id !== null && status.data?.status === 'completed' });

  const view = useMemo(
    () =>
      run &&
      runningSearchView(run, { status: status.data, polling: status.polling, results: results.data, resultsFailed: results.isError }, source),
    [run, status.data, status.polling, results.data, results.isError, source],
  );

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!run || !view?.outcome || announced.current === `${run.id}:${view.outcome}`) return;
    announced.current = `${run.id}:${view.outcome}`;
    const reportSearch = (resultsCount: number) => {
      track('Business Search', { query: run.query.businessName, location: run.query.location, resultsCount });
      track('Funnel Step', funnelStep('search'));
    };
    const { state } = view;
    if (view.outcome === 'found' && state.phase === 'results') {
      if (state.results.length > 0) toasts.show({ color: 'teal', title: M.completedTitle, message: M.completedMessage });
      else toasts.show({ color: 'yellow', message: M.noResults });
      reportSearch(state.results.length);
    } else if (view.outcome === 'failed' && state.phase === 'failed') {
      toasts.show({ color: 'red', title: M.failedTitle, message: state.message ?? M.failedFallback });
      reportSearch(0);
    } else if (view.outcome === 'results-failed') {
      toasts.show({ color: 'red', title: M.notFoundTitle, message: M.notFoundMessage });
    } else if (view.outcome === 'still-processing') {
      toasts.show({ color: 'yellow', title: M.stillProcessingTitle, message: M.stillProcessingMessage });
    }
  }, [run, view, toasts, track]);

  // An answer to a search the screen no longer shows changes nothing.
  useEffect(
    () => () => {
      runs.current += 1;
    },
    [],
  );

  const search = useCallback(
    async (query: DiscoveryQuery) => {
      const runId = ++runs.current;
      const startedAt = Date.now();
      setCurrent({ run: { id: runId, query, startedAt, discoveryId: null } });
      let discovery;
      try {
        discovery = await mutateAsync({ business_name: query.businessName, location: query.location });
      } catch (error) {
        if (runId !== runs.current) return;
        const message = serverMessage(error);
        toasts.show({ color: 'red', title: M.failedTitle, message: message ?? M.failedFallback });
        setCurrent({ shown: { phase: 'failed', query, discoveryId: null, message, reason: null } });
        return;
      }
      if (runId !== runs.current) return;
      if (!isSettled(discovery.status)) toasts.show({ color: 'ringcheck', title: M.startedTitle, message: M.startedMessage });
      // The creation's answer is the first status: the first poll comes one interval later.
      queryClient.setQueryData(discoveryKeys.status(discovery.id), discovery);
      setCurrent({ run: { id: runId, query, startedAt, discoveryId: discovery.id } });
    },
    [mutateAsync, queryClient, toasts],
  );

  const show = useCallback(
    (state: DiscoverySearchState) => {
      runs.current += 1;
      toasts.clear();
      setCurrent({ shown: state });
    },
    [toasts],
  );
  const reset = useCallback(() => show(IDLE), [show]);

  return { state: view ? view.state : 'shown' in current ? current.shown : IDLE, search, reset, show };
}
