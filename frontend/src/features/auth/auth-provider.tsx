import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import type { ApiClient } from '../../api/api-client';
import { AuthActionsContext, type AuthActions, disconnectedAuthActions } from './auth-actions-context';
import { AuthContext, type AuthState, signedOutAuth } from './auth-context';
import { DeferredAuthDialog } from './dialog/deferred-auth-dialog';

interface AuthProviderProps {
  value?: AuthState;
  /** What the dialog and the user menu can do; the built-in forms, connected to nothing, by default. */
  actions?: Partial<AuthActions>;
  /** The API client that should send this session's token. */
  client?: ApiClient;
  /** Told where realtime handshakes get their token. */
  onTokenSource?: (source: () => Promise<string | null>) => void;
  children: ReactNode;
}

/** A fixed session (for tests and previews), handed to the API client and the realtime connection. */
export function AuthProvider({ value = signedOutAuth, actions, client, onTokenSource, children }: AuthProviderProps) {
  // Before route loaders run (they start on the commit's microtasks), so their requests carry the token.
  useLayoutEffect(() => {
    client?.setAuth({
      isSignedIn: () => value.user !== null,
      getToken: () => value.getToken(),
      refreshToken: () => value.refreshToken(),
    });
    onTokenSource?.(async () => (value.user ? value.getToken() : null));
  }, [client, onTokenSource, value]);

  const allActions = useMemo<AuthActions>(() => ({ ...disconnectedAuthActions, provider: 'embedded', ...actions }), [actions]);

  return (
    <AuthContext.Provider value={value}>
      <AuthActionsContext.Provider value={allActions}>
        {children}
        <DeferredAuthDialog />
      </AuthActionsContext.Provider>
    </AuthContext.Provider>
  );
}
