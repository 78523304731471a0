import { createContext, useContext } from 'react';

export type AuthDialogMode = 'sign-in' | 'sign-up';

export interface AuthDialogControls {
  open(mode: AuthDialogMode): void;
}

export const AuthDialogContext = createContext<AuthDialogControls>({ open: () => undefined });

export function useAuthDialog(): AuthDialogControls {
  return useContext(AuthDialogContext);
}
