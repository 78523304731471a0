import type { RecordedEvent } from '../ports/event-store';
import { defineProjection } from '../projection';
import type { IdentityProviderName, UserProfileUpdatedData, UserSignedInData, UserSignedUpData } from './events';

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
  [key: string]: unknown;
}

/**
 * One document per user. A deleted account keeps its document (so its tokens are refused at once),
 * stripped of its e-mail address and names.
 */
export const usersProjection = defineProjection<UserDocument>({
  name: 'users',
  version: 1,
  handles: ['UserSignedUp', 'UserSignedIn', 'UserProfileUpdated', 'UserDeleted'],
  documentId: (event) => (event.data as { userId: string }).userId,
  indexes: [{ keys: { emailNormalized: 1 }, name: 'email' }],
  rooms: (doc) => [`user:${doc.id}`],
  evolve(doc, event: RecordedEvent) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserSignedUp': {
        const data = event.data as UserSignedUpData;
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
        return doc ? { ...doc, lastSignInAt: (event.data as UserSignedInData).signedInAt } : null;
      case 'UserProfileUpdated': {
        const data = event.data as UserProfileUpdatedData;
        return doc ? { ...doc, firstName: data.firstName, lastName: data.lastName } : null;
      }
      case 'UserDeleted':
        if (!doc) return null;
        return { ...doc, email: null, emailNormalized: null, firstName: null, lastName: null, deleted: true, deletedAt: at };
      default:
        return doc;
    }
  },
});
