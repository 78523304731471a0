import { type ReactNode, useMemo, useState } from 'react';
import { browserStorage } from '../anonymous/browser-storage';
import {
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogMode,
  type AuthDialogState,
  AuthDialogStateContext,
} from './auth-dialog-context';
import { storeSignupIntent } from './sign-in-effects/post-signup-redirect';

/**
 * Holds whether the Login / Get Started dialog is open and in which mode. The session provider draws
 * the dialog, since what it shows depends on how sign-in works.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  const controls = useMemo<AuthDialogControls>(
    () => ({
      open: (next, options) => {
        if (options?.intent) storeSignupIntent(browserStorage(), options.intent, Date.now());
        setMode(next);
      },
    }),
    [],
  );
  const state = useMemo<AuthDialogState>(() => ({ mode, setMode, close: () => setMode(null) }), [mode]);

  return (
    <AuthDialogContext.Provider value={controls}>
      <AuthDialogStateContext.Provider value={state}>{children}</AuthDialogStateContext.Provider>
    </AuthDialogContext.Provider>
  );
}
