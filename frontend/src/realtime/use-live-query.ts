import {
  hashKey,
  type QueryClient,
  type QueryKey,
  type QueryState,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useAppServices } from '../app/app-services';
import { useFeatureFlag } from '../app/feature-flags';
import { answersOf, type PollingFallback, type PollingPhase, pollingPhase, type PollingStart } from './polling-fallback';
import type { RealtimeMessage } from './realtime-message';

/** What a push means for the cached data: new data, a cue to read it again, or nothing. */
export type PushOutcome<TData> = { data: TData } | 'refetch' | null;

export interface LiveQueryOptions<TData, TKey extends QueryKey> {
  /** The same query options the route's loader ensured. */
  query: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey };
  /** The room whose pushes change the data; null follows none. */
  room: string | null;
  /**
   * Folds a push into the data. Pushes reach it in position order (the realtime client drops older
   * positions); comparing with `current` keeps a push older than an answer from overwriting it.
   */
  onPush(message: RealtimeMessage, current: TData | undefined): PushOutcome<TData>;
  /** Polling while the room is quiet; none when absent. */
  polling?: PollingFallback<TData>;
  enabled?: boolean;
}

export type LiveQuery<TData> = UseQueryResult<TData, Error> & {
  /** Null without a polling fallback, or while disabled. */
  polling: PollingPhase | null;
  /** Puts data obtained elsewhere (a push, a command's answer) in the cache. */
  put(data: TData): void;
};

/** Where the current following began; a new one begins when the query is enabled again or changes. */
function usePollingStart(queryClient: QueryClient, queryKey: QueryKey, active: boolean): PollingStart | null {
  const started = useRef<{ hash: string; start: PollingStart } | null>(null);
  const hash = hashKey(queryKey);
  if (!active) started.current = null;
  else if (started.current?.hash !== hash) {
    const state = queryClient.getQueryState(queryKey);
    started.current = { hash, start: { at: Date.now(), answers: state ? answersOf(state) : 0 } };
  }
  return started.current?.start ?? null;
}

/**
 * A query kept current by a realtime room, with polling as the fallback. Pushes go into the query
 * cache, cancelling a read already on its way (it may predate them). Every push or answer restarts the
 * polling interval, so polling only runs while the room is quiet; it stops at the fallback's limits.
 */
export function useLiveQuery<TData, TKey extends QueryKey>({
  query,
  room,
  onPush,
  polling,
  enabled = true,
}: LiveQueryOptions<TData, TKey>): LiveQuery<TData> {
  const { realtime } = useAppServices();
  const queryClient = useQueryClient();
  const { queryKey } = query;
  const hash = hashKey(queryKey);
  const start = usePollingStart(queryClient, queryKey, enabled && polling !== undefined);
  const phaseOf = (state: QueryState<TData, Error>) => (polling && start ? pollingPhase(state, polling, start) : null);

  const options: UseQueryOptions<TData, Error, TData, TKey> = { ...query, enabled };
  if (polling) {
    // What pushes and polls keep current is fresh for one interval: a page opening on it reads nothing.
    options.staleTime = polling.intervalMs;
    options.refetchInterval = (current) => (phaseOf(current.state) === 'polling' ? polling.intervalMs : false);
    options.retry = (failures, error) =>
      failures + 1 < (polling.maxFailures ?? 1) && !polling.endsQuietly?.(error, queryClient.getQueryData<TData>(queryKey));
    options.retryDelay = (_failures, error) => polling.waitAfterFailure?.(error) ?? polling.intervalMs;
  }
  const result = useQuery(options);

  const state = queryClient.getQueryState<TData, Error>(queryKey);
  const phase = enabled && state ? phaseOf(state) : null;
  // With the realtime_updates flag off, rooms are not followed: polling alone keeps the data current.
  const realtimeOn = useFeatureFlag('realtime_updates', true).enabled;
  const following = enabled && realtimeOn && room !== null && phase !== 'done';

  const put = useCallback(
    (data: TData) => {
      // A read already on its way may predate this data: it must not overwrite it.
      void queryClient.cancelQueries({ queryKey, exact: true });
      queryClient.setQueryData<TData>(queryKey, data);
    },
    // The key is the same whenever its hash is.
    [queryClient, hash], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const latest = useRef({ onPush, put, refetch: result.refetch, queryKey });
  useEffect(() => {
    latest.current = { onPush, put, refetch: result.refetch, queryKey };
  });

  useEffect(() => {
    if (!following || room === null) return undefined;
    return realtime.subscribe(
      room,
      (message) => {
        const current = latest.current;
        const outcome = current.onPush(message, queryClient.getQueryData<TData>(current.queryKey));
        // A read already on its way may have started before the change the push announces.
        if (outcome === 'refetch') void current.refetch({ cancelRefetch: true });
        else if (outcome) current.put(outcome.data);
      },
      // More changed than the server replays: the data is read again.
      () => void latest.current.refetch({ cancelRefetch: true }),
    );
  }, [following, queryClient, realtime, room]);

  return { ...result, polling: phase, put };
}
