import { queryOptions } from '@tanstack/react-query';
import type { CallOrdering, CallsApi } from '../../api/calls-api';

export const callKeys = {
  all: ['calls'] as const,
  list: (ordering: CallOrdering = '-created_at') => ['calls', 'list', ordering] as const,
  detail: (id: string) => ['calls', 'detail', id] as const,
};

/** One call; the live pages keep it current, so it is never fresh on its own. */
export const callQuery = (api: CallsApi, id: string) =>
  queryOptions({ queryKey: callKeys.detail(id), queryFn: () => api.get(id), staleTime: 0 });

/** The caller's own calls. */
export const callsListQuery = (api: CallsApi, ordering: CallOrdering = '-created_at') =>
  queryOptions({ queryKey: callKeys.list(ordering), queryFn: () => api.list(ordering), staleTime: 0 });
