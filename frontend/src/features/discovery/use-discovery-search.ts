import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useAppServices } from '../../app/app-services';
import { useTrackEvent } from '../tracking/use-track-event';
import { toBusinessResult } from './business-result';
import { createDiscoveryApi } from './discovery-api';
import { DISCOVERY_MESSAGES as M } from './discovery-messages';
import { createDiscoveryMutation, discoveryResultsQuery, discoveryStatusQuery } from './discovery-queries';
import { type DiscoveryQuery, type DiscoverySearchState, type DiscoverySource, IDLE } from './discovery-search-state';
import { DiscoveryToasts } from './discovery-toasts';
import { DiscoveryTracker } from './discovery-tracker';
import { isSettled } from './discovery-types';

export interface DiscoverySearch {
  state: DiscoverySearchState;
  /** Starts a discovery for trimmed, validated values; a running one is abandoned. */
  search(query: DiscoveryQuery): Promise<void>;
  /** Clears the results and stops following the discovery. */
  reset(): void;
  /** Shows a ready-made state instead of a discovery (the home test mode). */
  show(state: DiscoverySearchState): void;
}

type Running = Extract<DiscoverySearchState, { phase: 'searching' | 'status-error' }>;

const serverMessage = (error: unknown): string | null => (error instanceof ApiError ? error.message : null);

/**
 * The one discovery flow of home and Explore (spec section 4): create, follow over realtime with
 * polling as the fallback, fetch the results, and say what happened in toasts.
 */
export function useDiscoverySearch(source: DiscoverySource): DiscoverySearch {
  const { api, realtime } = useAppServices();
  const queryClient = useQueryClient();
  const track = useTrackEvent();
  const discoveries = useMemo(() => createDiscoveryApi(api), [api]);
  const create = useMutation(createDiscoveryMutation(discoveries));
  const [state, setState] = useState<DiscoverySearchState>(IDLE);
  const run = useRef(0);
  const query = useRef<DiscoveryQuery | null>(null);
  const [toasts] = useState(() => new DiscoveryToasts());

  const tracker = useMemo(() => {
    const reportSearch = (resultsCount: number) => {
      if (query.current)
        track('Business Search', { query: query.current.businessName, location: query.current.location, resultsCount });
    };
    // Only the running search moves on (a failed poll leaves realtime updates to finish it).
    const update = (next: (current: Running) => DiscoverySearchState) =>
      setState((current) => (current.phase === 'searching' || current.phase === 'status-error' ? next(current) : current));
    return new DiscoveryTracker(
      {
        fetchStatus: (id) => queryClient.fetchQuery(discoveryStatusQuery(discoveries, id)),
        fetchResults: (id) => queryClient.fetchQuery(discoveryResultsQuery(discoveries, id)),
        subscribe: (room, onSignal) => realtime.subscribe(room, () => onSignal()),
      },
      {
        completed: (discovery) => {
          const results = discovery.place_search_results.map((result) => toBusinessResult(result, discovery.id));
          if (results.length > 0) toasts.show({ color: 'teal', title: M.completedTitle, message: M.completedMessage });
          else toasts.show({ color: 'yellow', message: M.noResults });
          reportSearch(results.length);
          update((current) => ({ phase: 'results', query: current.query, discoveryId: discovery.id, results }));
        },
        failed: (discovery) => {
          toasts.show({ color: 'red', title: M.failedTitle, message: discovery.error || M.failedFallback });
          reportSearch(0);
          update((current) => ({
            phase: 'failed',
            query: current.query,
            discoveryId: discovery.id,
            message: discovery.error || null,
            reason: discovery.failure_reason ?? null,
          }));
        },
        stillProcessing: () => {
          toasts.show({ color: 'yellow', title: M.stillProcessingTitle, message: M.stillProcessingMessage });
          update((current) => (current.phase === 'searching' ? { ...current, stillProcessing: true } : current));
        },
        pollError: () => {
          update((current) => ({
            phase: 'status-error',
            query: current.query,
            discoveryId: current.discoveryId,
            message: source === 'home' ? M.statusCheckError : null,
          }));
        },
        resultsError: () => {
          toasts.show({ color: 'red', title: M.notFoundTitle, message: M.notFoundMessage });
          update((current) => ({
            phase: 'failed',
            query: current.query,
            discoveryId: current.discoveryId,
            message: null,
            reason: null,
          }));
        },
      },
    );
  }, [discoveries, queryClient, realtime, source, toasts, track]);

  // The screen closing cancels polling and the realtime subscription.
  useEffect(
    () => () => {
      run.current += 1;
      tracker.stop();
    },
    [tracker],
  );

  const { mutateAsync } = create;
  const search = useCallback(
    async (values: DiscoveryQuery) => {
      run.current += 1;
      const current = run.current;
      tracker.stop();
      query.current = values;
      setState({ phase: 'searching', query: values, discoveryId: null, startedAt: Date.now(), stillProcessing: false });
      let discovery;
      try {
        discovery = await mutateAsync({ business_name: values.businessName, location: values.location });
      } catch (error) {
        if (current !== run.current) return;
        const message = serverMessage(error);
        toasts.show({ color: 'red', title: M.failedTitle, message: message ?? M.failedFallback });
        setState({ phase: 'failed', query: values, discoveryId: null, message, reason: null });
        return;
      }
      if (current !== run.current) return;
      if (!isSettled(discovery.status)) {
        toasts.show({ color: 'ringcheck', title: M.startedTitle, message: M.startedMessage });
      }
      setState((state) => (state.phase === 'searching' ? { ...state, discoveryId: discovery.id } : state));
      tracker.start(discovery);
    },
    [mutateAsync, toasts, tracker],
  );

  const reset = useCallback(() => {
    run.current += 1;
    tracker.stop();
    toasts.clear();
    query.current = null;
    setState(IDLE);
  }, [toasts, tracker]);

  const show = useCallback(
    (next: DiscoverySearchState) => {
      run.current += 1;
      tracker.stop();
      toasts.clear();
      query.current = null;
      setState(next);
    },
    [toasts, tracker],
  );

  return { state, search, reset, show };
}
