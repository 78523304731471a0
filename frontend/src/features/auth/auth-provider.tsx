import { type ReactNode, useEffect } from 'react';
import type { ApiClient } from '../../api/api-client';
import { AuthContext, type AuthState, signedOutAuth } from './auth-context';

interface AuthProviderProps {
  value?: AuthState;
  /** The API client that should send this session's token. */
  client?: ApiClient;
  /** Told where realtime handshakes get their token. */
  onTokenSource?: (source: () => Promise<string | null>) => void;
  children: ReactNode;
}

/** Provides the session and hands its token to the API client and the realtime connection. */
export function AuthProvider({ value = signedOutAuth, client, onTokenSource, children }: AuthProviderProps) {
  useEffect(() => {
    client?.setAuth({
      isSignedIn: () => value.user !== null,
      getToken: () => value.getToken(),
      refreshToken: () => value.refreshToken(),
    });
    onTokenSource?.(async () => (value.user ? value.getToken() : null));
  }, [client, onTokenSource, value]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
