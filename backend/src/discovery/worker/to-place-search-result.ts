import type { PlaceSearchResultData } from '@ringcheck/projections';
import { idFromName } from '../../infrastructure/ids';
import type { DirectoryPlace } from '../ports/business-directory';

/** A directory's place as recorded in a discovery; its plsr_ id is stable for that discovery. */
export function toPlaceSearchResult(discoveryId: string, place: DirectoryPlace): PlaceSearchResultData {
  return {
    id: idFromName('plsr_', `${discoveryId}/${place.placeId}`),
    placeId: place.placeId,
    name: place.name,
    address: place.address,
    phoneNumber: place.phoneNumber,
    internationalPhoneNumber: place.internationalPhoneNumber,
    website: place.website,
    rating: place.rating,
    ratingCount: place.ratingCount,
    businessTypes: [...place.businessTypes],
    businessStatus: place.businessStatus,
    weekdayText: [...place.weekdayText],
    openingPeriods: place.openingPeriods.map((p) => ({ open: { ...p.open }, ...(p.close ? { close: { ...p.close } } : {}) })),
    timeZone: place.timeZone,
    utcOffsetMinutes: place.utcOffsetMinutes,
  };
}
