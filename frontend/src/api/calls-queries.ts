import { queryOptions } from '@tanstack/react-query';
import type { CallOrdering, CallsApi } from './calls-api';

export const callKeys = {
  all: ['calls'] as const,
  list: (ordering: CallOrdering = '-created_at') => ['calls', 'list', ordering] as const,
  detail: (id: string) => ['calls', 'detail', id] as const,
};

/**
 * One call. A failed first read is an answer (the call does not exist, or is not the visitor's), so it
 * is not retried; while the call runs, its live page decides how polling retries.
 */
export const callQuery = (api: CallsApi, id: string) =>
  queryOptions({ queryKey: callKeys.detail(id), queryFn: ({ signal }) => api.get(id, { signal }), retry: false });

/** The caller's own calls. */
export const callsListQuery = (api: CallsApi, ordering: CallOrdering = '-created_at') =>
  queryOptions({ queryKey: callKeys.list(ordering), queryFn: () => api.list(ordering) });
