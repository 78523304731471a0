import type {
  LocationHistoryView,
  LocationInteractionType,
  LocationListView,
  LocationView,
  SaveLocationRequest,
  UserCallSummaryView,
} from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type {
  LocationCallPointView as LocationCallPoint,
  LocationHistoryView as LocationHistory,
  LocationInteractionType,
  LocationPlaceView as LocationPlace,
  LocationView as Location,
  SaveLocationRequest,
  UserCallSummaryView as UserCallSummary,
} from '@ringcheck/projections/contract';

/** The list's server-side filters (spec section 7: `interaction_type`, `favorites_only`). */
export interface LocationFilters {
  interactionType?: LocationInteractionType;
  favoritesOnly?: boolean;
}

export interface LocationsApi {
  /** The user's locations matching `filters`, newest interaction first. */
  list(filters?: LocationFilters, options?: { signal?: AbortSignal }): Promise<LocationView[]>;
  summary(): Promise<UserCallSummaryView>;
  save(request: SaveLocationRequest): Promise<LocationView>;
  toggleFavorite(id: string): Promise<LocationView>;
  /** The location and every call from this account to it, oldest first. */
  history(id: string, options?: { signal?: AbortSignal }): Promise<LocationHistoryView>;
}

const locationPath = (id: string) => `/users/locations/${encodeURIComponent(id)}/`;

/** The signed-in user's locations (My Locations), on the spec's paths, trailing slashes kept. */
export function createLocationsApi(client: ApiClient): LocationsApi {
  return {
    list: async ({ interactionType, favoritesOnly } = {}, { signal } = {}) => {
      const query = { interaction_type: interactionType, favorites_only: favoritesOnly ? 'true' : undefined };
      const answer = await client.get<LocationListView>('/users/locations/', { query, signal });
      return answer.results;
    },
    summary: () => client.get<UserCallSummaryView>('/users/locations/summary/'),
    save: (request) => client.post<LocationView>('/users/locations/save/', request),
    toggleFavorite: (id) => client.post<LocationView>(`${locationPath(id)}toggle-favorite/`),
    history: (id, { signal } = {}) => client.get<LocationHistoryView>(`${locationPath(id)}history/`, { signal }),
  };
}
