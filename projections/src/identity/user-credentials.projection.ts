import { defineProjection } from '../projection';
import type { PasswordChangedData, UserSignedUpData } from './events';

/** Private: what password sign-in checks. Never served by the API and never pushed to a room. */
export interface UserCredentialsDocument {
  _id: string;
  userId: string;
  emailNormalized: string;
  passwordHash: string;
  [key: string]: unknown;
}

/** One document per embedded account, keyed by user id and found by normalized e-mail. */
export const userCredentialsProjection = defineProjection<UserCredentialsDocument>({
  name: 'user_credentials',
  version: 1,
  handles: ['UserSignedUp', 'PasswordChanged', 'UserDeleted'],
  documentId: (event) => (event.data as { userId: string }).userId,
  indexes: [{ keys: { emailNormalized: 1 }, name: 'email' }],
  evolve(doc, event) {
    switch (event.type) {
      case 'UserSignedUp': {
        const data = event.data as UserSignedUpData;
        if (data.passwordHash === null || data.emailNormalized === null) return null;
        return { _id: data.userId, userId: data.userId, emailNormalized: data.emailNormalized, passwordHash: data.passwordHash };
      }
      case 'PasswordChanged':
        return doc ? { ...doc, passwordHash: (event.data as PasswordChangedData).passwordHash } : null;
      case 'UserDeleted':
        return null;
      default:
        return doc;
    }
  },
});
