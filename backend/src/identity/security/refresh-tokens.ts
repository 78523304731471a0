import { createHash, randomBytes } from 'node:crypto';

/** A new refresh token: 32 random bytes, base64url. Only its hash is ever stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a refresh token: what events and read models keep. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Refresh tokens the server could have issued: anything else is refused without a lookup. */
export function isWellFormedRefreshToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
