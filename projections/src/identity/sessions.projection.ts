import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { type SessionRevokedReason, USER_EVENTS } from './events';

/**
 * Refresh tokens kept in `tokenHashes`: enough to recognise a recently rotated token presented again
 * (reuse) without the document growing for ever. Older tokens are simply unknown.
 */
export const SESSION_TOKEN_HASHES_KEPT = 50;

/** One signed-in device (a refresh-token family). Private: holds token hashes, never pushed to a room. */
export interface SessionDocument {
  _id: string;
  familyId: string;
  userId: string;
  /** The id of the family's current refresh token. */
  sessionId: string;
  currentTokenHash: string;
  /** The current hash first, then the most recently rotated ones. */
  tokenHashes: string[];
  expiresAt: string;
  startedAt: string;
  lastRefreshedAt: string | null;
  revoked: boolean;
  revokedAt: string | null;
  revokedReason: SessionRevokedReason | null;
  [key: string]: unknown;
}

const SESSIONS_READS = pickEvents(USER_EVENTS, 'SessionStarted', 'SessionRefreshed', 'SessionRevoked');

export const sessionsProjection = defineProjection<SessionDocument, EventsOf<typeof SESSIONS_READS>>({
  name: 'sessions',
  version: 1,
  events: SESSIONS_READS,
  documentId: (event) => event.data.familyId,
  indexes: [
    { keys: { currentTokenHash: 1 }, name: 'current_token' },
    { keys: { tokenHashes: 1 }, name: 'token_hashes' },
    { keys: { userId: 1 }, name: 'user' },
  ],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'SessionStarted': {
        const data = event.data;
        return {
          _id: data.familyId,
          familyId: data.familyId,
          userId: data.userId,
          sessionId: data.sessionId,
          currentTokenHash: data.refreshTokenHash,
          tokenHashes: [data.refreshTokenHash],
          expiresAt: data.expiresAt,
          startedAt: at,
          lastRefreshedAt: null,
          revoked: false,
          revokedAt: null,
          revokedReason: null,
        };
      }
      case 'SessionRefreshed': {
        const data = event.data;
        if (!doc) return null;
        return {
          ...doc,
          sessionId: data.sessionId,
          currentTokenHash: data.refreshTokenHash,
          tokenHashes: [data.refreshTokenHash, ...doc.tokenHashes.filter((hash) => hash !== data.refreshTokenHash)].slice(
            0,
            SESSION_TOKEN_HASHES_KEPT,
          ),
          expiresAt: data.expiresAt,
          lastRefreshedAt: data.refreshedAt,
        };
      }
      case 'SessionRevoked': {
        const data = event.data;
        if (!doc || doc.revoked) return doc;
        return { ...doc, revoked: true, revokedAt: at, revokedReason: data.reason };
      }
      default:
        return doc;
    }
  },
});
