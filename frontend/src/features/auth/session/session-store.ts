import type { AuthStatus, AuthUser } from '../auth-context';

/** How the current user came to be signed in on this page. */
export type SessionOrigin = 'restore' | 'sign-in' | 'sign-up';

export interface SessionSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  /** Null while signed out. */
  origin: SessionOrigin | null;
}

/**
 * A signed-in session as the app drives it, whichever provider runs it (built-in accounts or the
 * hosted provider). Readable with `useSyncExternalStore`.
 */
export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionSnapshot;
  /** Whether API calls should go out as the signed-in user (the user may still be loading). */
  isSignedIn(): boolean;
  /** A token valid for a while yet, refreshed first when it is about to expire; null when signed out. */
  getToken(): Promise<string | null>;
  /** A new token now (after the server refused the current one); null when the session has ended. */
  refreshToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /** Shows a changed profile (after the settings page saved it). */
  replaceUser(user: AuthUser): void;
  /** Ends the session here without asking the server (the account was deleted). */
  forget(): void;
}

export const LOADING_SNAPSHOT: SessionSnapshot = { status: 'loading', user: null, origin: null };
