import { createContext, useContext } from 'react';
import type { AuthProviderKind, SignInInput, SignUpInput } from '../../api/auth-api';
import type { AuthUser } from './auth-context';

/** What the session can do besides telling who is signed in. */
export interface AuthActions {
  /** Null until the sign-in configuration is known. */
  provider: AuthProviderKind | null;
  /** Built-in accounts only; rejects with the server's ApiError. */
  signIn(input: SignInInput): Promise<AuthUser>;
  signUp(input: SignUpInput): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Shows a changed profile. */
  replaceUser(user: AuthUser): void;
  /** Ends the session here without asking the server (the account was deleted). */
  forget(): void;
  /** Why sign-in cannot be offered right now, when it cannot. */
  unavailableReason: string | null;
}

const notConnected = () => Promise.reject(new Error('Sign-in is not available right now.'));

export const disconnectedAuthActions: AuthActions = {
  provider: null,
  signIn: notConnected,
  signUp: notConnected,
  signOut: async () => undefined,
  replaceUser: () => undefined,
  forget: () => undefined,
  unavailableReason: null,
};

export const AuthActionsContext = createContext<AuthActions>(disconnectedAuthActions);

export function useAuthActions(): AuthActions {
  return useContext(AuthActionsContext);
}
