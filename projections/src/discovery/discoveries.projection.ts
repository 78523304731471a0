import { defineProjection } from '../projection';
import { DISCOVERY_EVENTS, type DiscoveryEvent, type DiscoveryFailureReason, type DiscoveryStatus, type PlaceSearchResultData } from './events';

export interface DiscoveryDocument {
  _id: string;
  id: string;
  status: DiscoveryStatus;
  businessName: string;
  location: string;
  ownerId: string | null;
  results: PlaceSearchResultData[];
  resultIds: string[];
  failureReason: DiscoveryFailureReason | null;
  failureMessage: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  [key: string]: unknown;
}

const ownerRoom = (ownerId: string | null): string[] => {
  if (!ownerId) return [];
  return [ownerId.startsWith('user_') ? `user:${ownerId}` : `anonymous:${ownerId}`];
};

/** One document per discovery: its status, the businesses found, and why it failed. */
export const discoveriesProjection = defineProjection<DiscoveryDocument, DiscoveryEvent>({
  name: 'discoveries',
  version: 1,
  events: DISCOVERY_EVENTS,
  documentId: (event) => event.data.discoveryId,
  rooms: (doc) => [`discovery:${doc.id}`, ...ownerRoom(doc.ownerId)],
  indexes: [
    { keys: { ownerId: 1, createdAt: -1 }, name: 'owner_created' },
    { keys: { status: 1, createdAt: 1 }, name: 'status_created' },
    { keys: { resultIds: 1 }, name: 'result_ids' },
  ],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    if (event.type === 'DiscoveryRequested') {
      const data = event.data;
      return {
        _id: data.discoveryId,
        id: data.discoveryId,
        status: 'pending',
        businessName: data.businessName,
        location: data.location,
        ownerId: data.ownerId,
        results: [],
        resultIds: [],
        failureReason: null,
        failureMessage: null,
        attempts: 0,
        createdAt: at,
        updatedAt: at,
        completedAt: null,
        // The runner's fields: it fills them in on this new object rather than copying it (see apply-batch.ts).
        _position: undefined,
        _rooms: undefined,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'DiscoverySearchStarted':
        return { ...doc, status: 'in_progress', attempts: doc.attempts + 1, updatedAt: at };
      case 'DiscoveryCompleted': {
        const data = event.data;
        return { ...doc, status: 'completed', results: data.results, resultIds: data.results.map((r) => r.id), updatedAt: at, completedAt: at };
      }
      case 'DiscoveryFailed': {
        const data = event.data;
        return { ...doc, status: 'failed', failureReason: data.reason, failureMessage: data.message, updatedAt: at, completedAt: at };
      }
      case 'DiscoveryOwnerChanged':
        return { ...doc, ownerId: event.data.ownerId, updatedAt: at };
      default:
        return doc;
    }
  },
});
