import type { AuthUser } from '../auth-context';
import type { SessionOrigin } from '../session/session-store';

/** An account created less than this long before the sign-in counts as a sign-up (spec section 9). */
export const SIGNUP_DETECTION_WINDOW_MS = 5_000;

export type SignInKind = 'signup' | 'signin';

export function isFreshAccount(createdAt: string | null | undefined, now: number): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < SIGNUP_DETECTION_WINDOW_MS;
}

/**
 * Whether a sign-in was a sign-up: the account was created under 5 s earlier (which also catches a
 * sign-up that finished through a page load), or this page just created it.
 */
export function signInKindOf(user: AuthUser, origin: SessionOrigin | null | undefined, now: number): SignInKind {
  return origin === 'sign-up' || isFreshAccount(user.createdAt, now) ? 'signup' : 'signin';
}
