import { createContext, useContext } from 'react';
import type { SignupIntent } from './sign-in-effects/post-signup-redirect';

export type AuthDialogMode = 'sign-in' | 'sign-up';

export interface AuthDialogOptions {
  /** Where a visitor who signs up should land afterwards, and what asked them to (spec section 4). */
  intent?: SignupIntent;
}

export interface AuthDialogControls {
  open(mode: AuthDialogMode, options?: AuthDialogOptions): void;
}

/** The dialog's own state, for the component that draws it. */
export interface AuthDialogState {
  mode: AuthDialogMode | null;
  setMode(mode: AuthDialogMode): void;
  close(): void;
}

export const AuthDialogContext = createContext<AuthDialogControls>({ open: () => undefined });

export const AuthDialogStateContext = createContext<AuthDialogState>({
  mode: null,
  setMode: () => undefined,
  close: () => undefined,
});

export function useAuthDialog(): AuthDialogControls {
  return useContext(AuthDialogContext);
}

export function useAuthDialogState(): AuthDialogState {
  return useContext(AuthDialogStateContext);
}
