import {
  DISCOVERY_STATUS_DISPLAY,
  type DiscoveryDocument,
  type DiscoveryView,
  type DiscoveryWithResultsView,
  type PlaceSearchResultData,
  type PlaceSearchResultView,
} from '@ringcheck/projections';

/** The API's view of a discovery (spec section 3: id, status, status_display, …). */
export function discoveryResponse(doc: DiscoveryDocument): DiscoveryView {
  return {
    id: doc.id,
    status: doc.status,
    status_display: DISCOVERY_STATUS_DISPLAY[doc.status],
    business_name: doc.businessName,
    location: doc.location,
    results_count: doc.results.length,
    failure_reason: doc.failureReason,
    error: doc.failureMessage,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    completed_at: doc.completedAt,
  };
}

/** A place_search_result as the web app reads it (spec section 3, server form). */
export function placeSearchResultResponse(discoveryId: string, result: PlaceSearchResultData): PlaceSearchResultView {
  return {
    id: result.id,
    discovery_id: discoveryId,
    place_id: result.placeId,
    name: result.name,
    address: result.address,
    phone_number: result.phoneNumber,
    international_phone_number: result.internationalPhoneNumber,
    website: result.website,
    rating: result.rating,
    rating_count: result.ratingCount,
    business_types: result.businessTypes,
    business_status: result.businessStatus,
    hours: result.weekdayText.length > 0 ? { weekday_text: result.weekdayText } : null,
    time_zone: result.timeZone,
  };
}

/** A discovery with the businesses it found (empty until it completes). */
export function discoveryWithResultsResponse(doc: DiscoveryDocument): DiscoveryWithResultsView {
  return { ...discoveryResponse(doc), place_search_results: doc.results.map((result) => placeSearchResultResponse(doc.id, result)) };
}
