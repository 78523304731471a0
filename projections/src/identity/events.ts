import type { UserRole } from '../contract/account-views';
import { eventUnion } from '../domain-events';

/**
 * Events of the identity context: the contract between its deciders and its read models.
 * Account and session events live in the user's stream (`user-<userId>`); e-mail reservations in
 * `email-<sha256 of the normalized e-mail>`, which keeps e-mail addresses unique under concurrent sign-ups.
 *
 * A session family is one signed-in device: its refresh token rotates on every refresh, the family stays.
 * `sessionId` names one refresh token of a family; the first token of a family carries the family's id.
 * Refresh tokens themselves are never recorded, only their SHA-256 (hex).
 */

export type IdentityProviderName = 'embedded' | 'clerk';

export interface UserSignedUpData {
  userId: string;
  /** As typed (trimmed); null when a hosted provider did not share it. */
  email: string | null;
  emailNormalized: string | null;
  /** argon2id PHC string for embedded accounts; null for accounts of a hosted provider. */
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  provider: IdentityProviderName;
  /** The hosted provider's subject (e.g. a Clerk user id); null for embedded accounts. */
  externalSubject: string | null;
}

export interface UserSignedInData {
  userId: string;
  method: 'password' | 'token';
  /** The session family the sign-in opened; null for a hosted provider's token. */
  sessionId: string | null;
  /** ISO-8601. */
  signedInAt: string;
}

export interface SessionStartedData {
  userId: string;
  sessionId: string;
  familyId: string;
  refreshTokenHash: string;
  /** ISO-8601: the refresh token is refused after this. */
  expiresAt: string;
}

export interface SessionRefreshedData {
  userId: string;
  sessionId: string;
  familyId: string;
  previousTokenHash: string;
  refreshTokenHash: string;
  expiresAt: string;
  /** ISO-8601. */
  refreshedAt: string;
}

export type SessionRevokedReason = 'sign_out' | 'reuse_detected' | 'password_changed' | 'account_deleted';

export interface SessionRevokedData {
  userId: string;
  familyId: string;
  reason: SessionRevokedReason;
}

export interface UserProfileUpdatedData {
  userId: string;
  firstName: string | null;
  lastName: string | null;
}

export interface PasswordChangedData {
  userId: string;
  passwordHash: string;
}

export interface UserDeletedData {
  userId: string;
}

/** The roles an operator may grant; `analyst` opens the conversion report. */
export const USER_ROLES = Object.keys({ analyst: true } satisfies Record<UserRole, true>) as readonly UserRole[];

/** An operator granted a role from the command line (`npm run roles`); `grantedBy` names the operator. */
export interface UserRoleGrantedData {
  userId: string;
  role: UserRole;
  grantedBy: string;
  reason: string | null;
}

export interface UserRoleRevokedData {
  userId: string;
  role: UserRole;
  revokedBy: string;
  reason: string | null;
}

export interface EmailReservedData {
  userId: string;
  /** ISO-8601. */
  reservedAt: string;
}

export interface EmailReleasedData {
  userId: string;
  /** 'abandoned': the holder's sign-up never recorded its account. */
  reason: 'account_deleted' | 'abandoned';
}

export const IdentityEventTypes = {
  UserSignedUp: 'UserSignedUp',
  UserSignedIn: 'UserSignedIn',
  SessionStarted: 'SessionStarted',
  SessionRefreshed: 'SessionRefreshed',
  SessionRevoked: 'SessionRevoked',
  UserProfileUpdated: 'UserProfileUpdated',
  PasswordChanged: 'PasswordChanged',
  UserDeleted: 'UserDeleted',
  UserRoleGranted: 'UserRoleGranted',
  UserRoleRevoked: 'UserRoleRevoked',
  EmailReserved: 'EmailReserved',
  EmailReleased: 'EmailReleased',
} as const;

export type UserEvent =
  | { type: 'UserSignedUp'; data: UserSignedUpData }
  | { type: 'UserSignedIn'; data: UserSignedInData }
  | { type: 'SessionStarted'; data: SessionStartedData }
  | { type: 'SessionRefreshed'; data: SessionRefreshedData }
  | { type: 'SessionRevoked'; data: SessionRevokedData }
  | { type: 'UserProfileUpdated'; data: UserProfileUpdatedData }
  | { type: 'PasswordChanged'; data: PasswordChangedData }
  | { type: 'UserDeleted'; data: UserDeletedData }
  | { type: 'UserRoleGranted'; data: UserRoleGrantedData }
  | { type: 'UserRoleRevoked'; data: UserRoleRevokedData };

/** The events of a user's stream. */
export const USER_EVENTS = eventUnion<UserEvent>('user', {
  UserSignedUp: true,
  UserSignedIn: true,
  SessionStarted: true,
  SessionRefreshed: true,
  SessionRevoked: true,
  UserProfileUpdated: true,
  PasswordChanged: true,
  UserDeleted: true,
  UserRoleGranted: true,
  UserRoleRevoked: true,
});

export type EmailReservationEvent =
  | { type: 'EmailReserved'; data: EmailReservedData }
  | { type: 'EmailReleased'; data: EmailReleasedData };

/** The events of an e-mail address's reservation stream. */
export const EMAIL_RESERVATION_EVENTS = eventUnion<EmailReservationEvent>('e-mail reservation', { EmailReserved: true, EmailReleased: true });
