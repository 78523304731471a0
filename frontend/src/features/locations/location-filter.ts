import type { Location, LocationFilters } from '../../api/locations-api';

/** The interaction types the filter offers ('all' sends none). */
export const INTERACTION_FILTERS = ['all', 'called', 'saved'] as const;
export type InteractionFilter = (typeof INTERACTION_FILTERS)[number];

/** The filters as the page's address keeps them: `/locations?type=called&favorites=true`. */
export interface LocationsSearch {
  type?: Exclude<InteractionFilter, 'all'>;
  favorites?: true;
}

export function validateLocationsSearch(search: Record<string, unknown>): LocationsSearch {
  const type = INTERACTION_FILTERS.find((filter) => filter !== 'all' && filter === search.type) as LocationsSearch['type'];
  const favorites = search.favorites === true || search.favorites === 'true';
  return { ...(type ? { type } : {}), ...(favorites ? { favorites: true as const } : {}) };
}

export const filtersOf = (search: LocationsSearch): LocationFilters => ({
  interactionType: search.type,
  favoritesOnly: search.favorites === true,
});

export const searchOf = (filters: LocationFilters): LocationsSearch =>
  validateLocationsSearch({ type: filters.interactionType, favorites: filters.favoritesOnly });

/** Whether the server would list `location` under `filters`. */
export const matchesFilters = (location: Location, { interactionType, favoritesOnly }: LocationFilters): boolean =>
  (!interactionType || location.interaction_type === interactionType) && (!favoritesOnly || location.is_favorite);
