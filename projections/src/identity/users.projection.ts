import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { type IdentityProviderName, USER_EVENTS } from './events';
import type { UserRole } from '../contract/account-views';

/** A user's public profile. Never holds a password hash or a token. */
export interface UserDocument {
  _id: string;
  id: string;
  email: string | null;
  emailNormalized: string | null;
  firstName: string | null;
  lastName: string | null;
  provider: IdentityProviderName;
  externalSubject: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  deleted: boolean;
  deletedAt: string | null;
  /** Roles an operator granted (absent on documents built before roles existed). */
  roles?: UserRole[];
  [key: string]: unknown;
}

const USERS_READS = pickEvents(USER_EVENTS, 'UserSignedUp', 'UserSignedIn', 'UserProfileUpdated', 'UserDeleted', 'UserRoleGranted', 'UserRoleRevoked');

/**
 * One document per user. A deleted account keeps its document (so its tokens are refused at once),
 * stripped of its e-mail address and names.
 */
export const usersProjection = defineProjection<UserDocument, EventsOf<typeof USERS_READS>>({
  name: 'users',
  version: 1,
  events: USERS_READS,
  documentId: (event) => event.data.userId,
  indexes: [{ keys: { emailNormalized: 1 }, name: 'email' }],
  rooms: (doc) => [`user:${doc.id}`],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserSignedUp': {
        const data = event.data;
        return {
          _id: data.userId,
          id: data.userId,
          email: data.email,
          emailNormalized: data.emailNormalized,
          firstName: data.firstName,
          lastName: data.lastName,
          provider: data.provider,
          externalSubject: data.externalSubject,
          createdAt: at,
          lastSignInAt: doc?.lastSignInAt ?? null,
          deleted: false,
          deletedAt: null,
        };
      }
      case 'UserSignedIn':
        return doc ? { ...doc, lastSignInAt: event.data.signedInAt } : null;
      case 'UserProfileUpdated': {
        const data = event.data;
        return doc ? { ...doc, firstName: data.firstName, lastName: data.lastName } : null;
      }
      case 'UserDeleted':
        if (!doc) return null;
        return { ...doc, email: null, emailNormalized: null, firstName: null, lastName: null, deleted: true, deletedAt: at, roles: [] };
      case 'UserRoleGranted': {
        if (!doc) return null;
        const roles = doc.roles ?? [];
        return roles.includes(event.data.role) ? doc : { ...doc, roles: [...roles, event.data.role].sort() };
      }
      case 'UserRoleRevoked':
        return doc ? { ...doc, roles: (doc.roles ?? []).filter((role) => role !== event.data.role) } : null;
      default:
        return doc;
    }
  },
});
