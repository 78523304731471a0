import type {
  CreateDiscoveryRequest,
  DiscoveryListView,
  DiscoveryStatus,
  DiscoveryView,
  DiscoveryWithResultsView,
} from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

/** Discovery shapes as the product API sends them (spec sections 3 and 7). */
export type {
  CreateDiscoveryRequest,
  DiscoveryFailureReason,
  DiscoveryListView as DiscoveryList,
  DiscoveryStatus,
  DiscoveryView as Discovery,
  DiscoveryWithResultsView as DiscoveryWithResults,
  PlaceHoursView as PlaceHours,
  PlaceSearchResultView as PlaceSearchResult,
} from '@ringcheck/projections/contract';

export const isSettled = (status: DiscoveryStatus): boolean => status === 'completed' || status === 'failed';

export interface DiscoveriesApi {
  create(request: CreateDiscoveryRequest): Promise<DiscoveryView>;
  status(id: string, options?: { signal?: AbortSignal }): Promise<DiscoveryView>;
  results(id: string, options?: { signal?: AbortSignal }): Promise<DiscoveryWithResultsView>;
  list(status?: DiscoveryStatus): Promise<DiscoveryListView>;
}

/** The discovery paths of spec section 7, trailing slashes kept. */
export function createDiscoveriesApi(client: ApiClient): DiscoveriesApi {
  const path = (id: string, leaf: string) => `/discoveries/${encodeURIComponent(id)}/${leaf}/`;
  return {
    create: (request) => client.post<DiscoveryView>('/discoveries/', request),
    status: (id, options = {}) => client.get<DiscoveryView>(path(id, 'status'), { signal: options.signal }),
    results: (id, options = {}) => client.get<DiscoveryWithResultsView>(path(id, 'results'), { signal: options.signal }),
    list: (status) => client.get<DiscoveryListView>('/discoveries/', { query: { status } }),
  };
}
