import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'ready' | 'degraded' | 'error';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
}

/** The signed-in session as the app sees it; `user` is null for a signed-out visitor. */
export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  getToken(): Promise<string | null>;
  refreshToken(): Promise<string | null>;
}

/** Sign-in is not available yet, so every visitor is signed out. */
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
