import type { ApiClient } from '../../api/api-client';
import type { CreateDiscoveryRequest, Discovery, DiscoveryList, DiscoveryStatus, DiscoveryWithResults } from './discovery-types';

export interface DiscoveryApi {
  create(request: CreateDiscoveryRequest): Promise<Discovery>;
  status(id: string): Promise<Discovery>;
  results(id: string): Promise<DiscoveryWithResults>;
  list(status?: DiscoveryStatus): Promise<DiscoveryList>;
}

/** The discovery paths of spec section 7, trailing slashes kept. */
export function createDiscoveryApi(client: ApiClient): DiscoveryApi {
  const path = (id: string, leaf: string) => `/discoveries/${encodeURIComponent(id)}/${leaf}/`;
  return {
    create: (request) => client.post<Discovery>('/discoveries/', request),
    status: (id) => client.get<Discovery>(path(id, 'status')),
    results: (id) => client.get<DiscoveryWithResults>(path(id, 'results')),
    list: (status) => client.get<DiscoveryList>('/discoveries/', { query: { status } }),
  };
}
