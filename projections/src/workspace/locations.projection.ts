import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { type LocationPlaceData, WORKSPACE_EVENTS } from './events';

export interface LocationDocument {
  _id: string;
  id: string;
  userId: string;
  place: LocationPlaceData;
  favorite: boolean;
  /** How the user last saved it, if they did; a call makes the location 'called' whatever this says. */
  savedAs: 'saved' | 'viewed' | null;
  saves: number;
  /** The calls made to it from this account, oldest first. */
  callIds: string[];
  notes: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  lastInteractedAt: string;
  [key: string]: unknown;
}

const LOCATION_EVENTS = pickEvents(WORKSPACE_EVENTS, 'LocationSaved', 'BusinessCalled', 'BusinessCallWithdrawn', 'LocationFavoriteChanged');

export const locationInteractionType = (doc: LocationDocument) => (doc.callIds.length > 0 ? 'called' : (doc.savedAs ?? 'saved'));

export const locationInteractionCount = (doc: LocationDocument) => doc.saves + doc.callIds.length;

/** One document per business a user follows (My Locations): saved ones and called ones. */
export const locationsProjection = defineProjection<LocationDocument, EventsOf<typeof LOCATION_EVENTS>>({
  name: 'locations',
  version: 1,
  events: LOCATION_EVENTS,
  documentId: (event) => event.data.locationId,
  rooms: (doc) => [`user:${doc.userId}`],
  indexes: [{ keys: { userId: 1, lastInteractedAt: -1 }, name: 'user_recent' }],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    const { userId, locationId } = event.data;
    const current: LocationDocument = doc ?? {
      _id: locationId,
      id: locationId,
      userId,
      place: 'place' in event.data ? event.data.place : emptyPlace,
      favorite: false,
      savedAs: null,
      saves: 0,
      callIds: [],
      notes: '',
      metadata: {},
      createdAt: at,
      lastInteractedAt: at,
    };
    switch (event.type) {
      case 'LocationSaved': {
        const d = event.data;
        return { ...current, place: d.place, savedAs: d.interactionType, saves: current.saves + 1, favorite: d.favorite || current.favorite, notes: d.notes || current.notes, metadata: { ...current.metadata, ...d.metadata }, lastInteractedAt: at };
      }
      case 'BusinessCalled':
        if (current.callIds.includes(event.data.callId)) return current;
        return { ...current, place: event.data.place, callIds: [...current.callIds, event.data.callId], lastInteractedAt: at };
      case 'BusinessCallWithdrawn': {
        const next = { ...current, callIds: current.callIds.filter((id) => id !== event.data.callId) };
        return locationInteractionCount(next) === 0 ? null : next;
      }
      case 'LocationFavoriteChanged':
        return doc ? { ...current, favorite: event.data.favorite } : null;
    }
  },
});

const emptyPlace: LocationPlaceData = {
  placeSearchResultId: null,
  discoveryId: null,
  placeId: null,
  name: '',
  address: null,
  phoneNumber: null,
  website: null,
  rating: null,
  ratingCount: null,
  businessTypes: [],
  businessStatus: null,
};
