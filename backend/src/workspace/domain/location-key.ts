import type { LocationPlaceData } from '@ringcheck/projections';

/** What makes two finds of a business the same location: its directory id, else its number. */
export const locationKeyOf = (place: Pick<LocationPlaceData, 'placeId' | 'phoneNumber' | 'name'>): string =>
  place.placeId ? `place:${place.placeId}` : place.phoneNumber ? `tel:${place.phoneNumber}` : `name:${place.name.toLowerCase()}`;
