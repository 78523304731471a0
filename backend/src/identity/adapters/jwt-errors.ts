import { errors } from 'jose';
import { AuthError } from '../ports/auth.error';

/** What a failed jose verification means for the caller: expired, or not valid for any other reason. */
export function authErrorFrom(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof errors.JWTExpired) return new AuthError('token_expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new AuthError('token_invalid', `The access token's "${error.claim}" claim is not accepted.`);
  }
  return new AuthError('token_invalid');
}

/** A JWS compact string has three base64url parts; anything else is refused before any key lookup. */
export function assertTokenShape(token: string | null | undefined): asserts token is string {
  if (token === null || token === undefined || token.trim() === '') throw new AuthError('token_missing');
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) || token.length > 8192) {
    throw new AuthError('token_invalid', 'The access token is malformed.');
  }
}

export const stringClaim = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
