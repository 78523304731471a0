import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { WORKSPACE_EVENTS } from './events';

export interface BusinessProfileDocument {
  _id: string;
  id: string;
  userId: string;
  name: string;
  address: string | null;
  phone: string;
  email: string | null;
  website: string | null;
  createdAt: string;
  [key: string]: unknown;
}

const PROFILE_EVENTS = pickEvents(WORKSPACE_EVENTS, 'BusinessProfileCreated');

/** The business profiles owners describe their businesses with. */
export const businessProfilesProjection = defineProjection<BusinessProfileDocument, EventsOf<typeof PROFILE_EVENTS>>({
  name: 'business_profiles',
  version: 1,
  events: PROFILE_EVENTS,
  documentId: (event) => event.data.profileId,
  rooms: (doc) => [`user:${doc.userId}`],
  indexes: [{ keys: { userId: 1, createdAt: 1 }, name: 'user_created' }],
  evolve(_doc, event) {
    const d = event.data;
    return { _id: d.profileId, id: d.profileId, userId: d.userId, name: d.name, address: d.address, phone: d.phone, email: d.email, website: d.website, createdAt: event.metadata.occurredAt };
  },
});
