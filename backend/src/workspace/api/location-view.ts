import {
  type CallDocument,
  type LocationCallPointView,
  type LocationDocument,
  locationInteractionCount,
  locationInteractionType,
  type LocationPlaceData,
  type LocationPlaceView,
  type LocationView,
} from '@ringcheck/projections';

export function locationPlaceView(place: LocationPlaceData): LocationPlaceView {
  return {
    id: place.placeSearchResultId,
    discovery_id: place.discoveryId,
    place_id: place.placeId,
    name: place.name,
    address: place.address,
    phone_number: place.phoneNumber,
    website: place.website,
    rating: place.rating,
    rating_count: place.ratingCount,
    business_types: place.businessTypes,
    business_status: place.businessStatus,
  };
}

export function locationView(doc: LocationDocument): LocationView {
  return {
    id: doc.id,
    is_favorite: doc.favorite,
    interaction_type: locationInteractionType(doc),
    interaction_count: locationInteractionCount(doc),
    call_count: doc.callIds.length,
    last_interacted_at: doc.lastInteractedAt,
    created_at: doc.createdAt,
    notes: doc.notes,
    metadata: doc.metadata,
    place_search_result: locationPlaceView(doc.place),
  };
}

/** One call on a location's history chart: when, how it ended and how fast the business answered. */
export function locationCallPoint(call: CallDocument): LocationCallPointView {
  const answered = call.attempts.find((attempt) => attempt.answeredAtMs !== null);
  const analysis = call.analysis;
  return {
    id: call.id,
    created_at: call.createdAt,
    status: call.status,
    connection_status: call.connectionStatus,
    time_to_answer_ms: analysis ? analysis.timeToAnswerMs : (answered?.answeredAtMs ?? null),
    rings_before_pickup: analysis ? analysis.ringsBeforePickup : answered ? answered.rings : null,
    attempts: call.attempts.length,
    overall_score: analysis?.overallScore ?? null,
  };
}
