import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { DiscoveryApi } from './discovery-api';
import type { CreateDiscoveryRequest, DiscoveryStatus } from './discovery-types';

export const discoveryKeys = {
  all: ['discoveries'] as const,
  list: (status?: DiscoveryStatus) => ['discoveries', 'list', status ?? 'all'] as const,
  status: (id: string) => ['discoveries', id, 'status'] as const,
  results: (id: string) => ['discoveries', id, 'results'] as const,
};

/** Where a discovery stands. Never cached as fresh and never retried: a failed poll stops polling. */
export const discoveryStatusQuery = (api: DiscoveryApi, id: string) =>
  queryOptions({ queryKey: discoveryKeys.status(id), queryFn: () => api.status(id), staleTime: 0, retry: false });

/** The businesses a completed discovery found; they no longer change once it completed. */
export const discoveryResultsQuery = (api: DiscoveryApi, id: string) =>
  queryOptions({ queryKey: discoveryKeys.results(id), queryFn: () => api.results(id), staleTime: Infinity });

/** The caller's own discoveries (by anonymous id or account). */
export const discoveriesQuery = (api: DiscoveryApi, status?: DiscoveryStatus) =>
  queryOptions({ queryKey: discoveryKeys.list(status), queryFn: () => api.list(status) });

export const createDiscoveryMutation = (api: DiscoveryApi) =>
  mutationOptions({
    mutationKey: [...discoveryKeys.all, 'create'],
    mutationFn: (request: CreateDiscoveryRequest) => api.create(request),
  });
