import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { USER_EVENTS } from './events';

/** Private: what password sign-in checks. Never served by the API and never pushed to a room. */
export interface UserCredentialsDocument {
  _id: string;
  userId: string;
  emailNormalized: string;
  passwordHash: string;
  [key: string]: unknown;
}

const USER_CREDENTIALS_READS = pickEvents(USER_EVENTS, 'UserSignedUp', 'PasswordChanged', 'UserDeleted');

/** One document per embedded account, keyed by user id and found by normalized e-mail. */
export const userCredentialsProjection = defineProjection<UserCredentialsDocument, EventsOf<typeof USER_CREDENTIALS_READS>>({
  name: 'user_credentials',
  version: 1,
  events: USER_CREDENTIALS_READS,
  documentId: (event) => event.data.userId,
  indexes: [{ keys: { emailNormalized: 1 }, name: 'email' }],
  evolve(doc, event) {
    switch (event.type) {
      case 'UserSignedUp': {
        const data = event.data;
        if (data.passwordHash === null || data.emailNormalized === null) return null;
        return { _id: data.userId, userId: data.userId, emailNormalized: data.emailNormalized, passwordHash: data.passwordHash };
      }
      case 'PasswordChanged':
        return doc ? { ...doc, passwordHash: event.data.passwordHash } : null;
      case 'UserDeleted':
        return null;
      default:
        return doc;
    }
  },
});
