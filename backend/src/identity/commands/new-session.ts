import { randomUUID } from 'node:crypto';
import type { NewSession } from '../domain/user.decider';
import { hashRefreshToken, newRefreshToken } from '../security/refresh-tokens';

/** A session as handed to the browser: its refresh token is only ever seen here and in the cookie. */
export interface StartedSession {
  userId: string;
  familyId: string;
  refreshToken: string;
  /** ISO-8601. */
  expiresAt: string;
  position: number;
}

export const DAY_MS = 86_400_000;

/** A new session family with its first refresh token. */
export function newSession(refreshTokenTtlDays: number, now: Date): { session: NewSession; refreshToken: string } {
  const refreshToken = newRefreshToken();
  return {
    refreshToken,
    session: {
      familyId: randomUUID(),
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + refreshTokenTtlDays * DAY_MS).toISOString(),
    },
  };
}
