import type { CalledBusinessData, DiscoveryDocument, LocationPlaceData, PlaceSearchResultData } from '@ringcheck/projections';

/** What a call knows of the business it rings (a call target or a call's document). */
export interface CalledBusiness {
  businessName: string;
  toNumber: string;
  business: CalledBusinessData | null;
  discoveryId: string | null;
  placeSearchResultId: string | null;
}

export function locationPlaceFromResult(result: PlaceSearchResultData, discoveryId: string | null): LocationPlaceData {
  return {
    placeSearchResultId: result.id,
    discoveryId,
    placeId: result.placeId,
    name: result.name,
    address: result.address || null,
    phoneNumber: result.phoneNumber ?? result.internationalPhoneNumber,
    website: result.website,
    rating: result.rating,
    ratingCount: result.ratingCount,
    businessTypes: result.businessTypes,
    businessStatus: result.businessStatus,
  };
}

/** The location a call's business is: its search result when the call came from one, else what the call itself names. */
export function locationPlaceOf(call: CalledBusiness, discovery: DiscoveryDocument | null): LocationPlaceData {
  const result = call.placeSearchResultId ? discovery?.results.find((r) => r.id === call.placeSearchResultId) : undefined;
  if (result) return locationPlaceFromResult(result, call.discoveryId);
  return {
    placeSearchResultId: call.placeSearchResultId,
    discoveryId: call.discoveryId,
    placeId: call.business?.placeId ?? null,
    name: call.business?.name ?? call.businessName,
    address: null,
    phoneNumber: call.toNumber,
    website: null,
    rating: null,
    ratingCount: null,
    businessTypes: call.business?.businessTypes ?? [],
    businessStatus: null,
  };
}
