import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CreateDiscoveryRequest, DiscoveryStatus } from './discoveries-api';
import type { DiscoveriesApi } from './discoveries-api';

export const discoveryKeys = {
  all: ['discoveries'] as const,
  list: (status?: DiscoveryStatus) => ['discoveries', 'list', status ?? 'all'] as const,
  status: (id: string) => ['discoveries', id, 'status'] as const,
  results: (id: string) => ['discoveries', id, 'results'] as const,
};

/** Where a discovery stands. Never retried: a failed poll stops polling. */
export const discoveryStatusQuery = (api: DiscoveriesApi, id: string) =>
  queryOptions({ queryKey: discoveryKeys.status(id), queryFn: ({ signal }) => api.status(id, { signal }), staleTime: 0, retry: false });

/** The businesses a completed discovery found; they no longer change once it completed. */
export const discoveryResultsQuery = (api: DiscoveriesApi, id: string) =>
  queryOptions({ queryKey: discoveryKeys.results(id), queryFn: ({ signal }) => api.results(id, { signal }), staleTime: Infinity });

/** The caller's own discoveries (by anonymous id or account). */
export const discoveriesQuery = (api: DiscoveriesApi, status?: DiscoveryStatus) =>
  queryOptions({ queryKey: discoveryKeys.list(status), queryFn: () => api.list(status) });

export const createDiscoveryMutation = (api: DiscoveriesApi) =>
  mutationOptions({
    mutationKey: [...discoveryKeys.all, 'create'],
    mutationFn: (request: CreateDiscoveryRequest) => api.create(request),
  });
