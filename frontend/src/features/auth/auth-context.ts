import { createContext, useContext } from 'react';
import type { UserRole } from '@ringcheck/projections/contract';
import type { SessionOrigin } from './session/session-store';

export type AuthStatus = 'loading' | 'ready' | 'degraded' | 'error';

export interface AuthUser {
  id: string;
  email: string;
  /** Empty when unknown; shown as 'User'. */
  firstName: string;
  lastName?: string;
  /** ISO date-time the account was created. */
  createdAt?: string | null;
  lastSignInAt?: string | null;
  /** Roles an operator granted; none when absent. They only shape what the app offers: the server decides. */
  roles?: UserRole[];
}

/** The signed-in session as the app sees it; `user` is null for a signed-out visitor. */
export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  getToken(): Promise<string | null>;
  refreshToken(): Promise<string | null>;
  /** How the current user came to be signed in on this page (restored, signed in, signed up). */
  origin?: SessionOrigin | null;
}

/** A signed-out visitor whose session has loaded. */
export const signedOutAuth: AuthState = {
  status: 'ready',
  user: null,
  getToken: async () => null,
  refreshToken: async () => null,
};

export const AuthContext = createContext<AuthState>(signedOutAuth);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export const isSignedIn = (auth: AuthState): boolean => auth.user !== null;

export const hasRole = (user: AuthUser | null, role: UserRole): boolean => user?.roles?.includes(role) ?? false;
