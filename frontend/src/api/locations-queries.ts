import { queryOptions } from '@tanstack/react-query';
import type { LocationFilters, LocationsApi } from './locations-api';

export const locationKeys = {
  all: ['locations'] as const,
  lists: () => ['locations', 'list'] as const,
  list: ({ interactionType, favoritesOnly }: LocationFilters = {}) =>
    ['locations', 'list', interactionType ?? 'all', favoritesOnly ? 'favorites' : 'any'] as const,
  history: (id: string) => ['locations', 'history', id] as const,
};

/**
 * The user's locations under one filter. A push updates only the list on screen, so a list is read
 * again whenever it is shown again (it is stale at once).
 */
export const locationsListQuery = (api: LocationsApi, filters: LocationFilters = {}) =>
  queryOptions({ queryKey: locationKeys.list(filters), queryFn: ({ signal }) => api.list(filters, { signal }), staleTime: 0 });

/** One location's calls over time. */
export const locationHistoryQuery = (api: LocationsApi, id: string) =>
  queryOptions({ queryKey: locationKeys.history(id), queryFn: ({ signal }) => api.history(id, { signal }) });
