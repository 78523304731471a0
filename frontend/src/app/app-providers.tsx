import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AuthState } from '../features/auth/auth-context';
import { AuthDialogProvider } from '../features/auth/auth-dialog-provider';
import { AuthProvider } from '../features/auth/auth-provider';
import { AuthSessionProvider } from '../features/auth/auth-session-provider';
import type { RealtimeClient } from '../realtime/realtime-client';
import { theme } from '../theme/theme';
import { type AppServices, AppServicesContext } from './app-services';
import { RateLimitNotice } from './rate-limit-notice';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** A fixed session instead of the live one (tests, previews). */
  auth?: AuthState;
  /** Runs the real session against `apiClient` when no fixed `auth` is given; on by default outside tests. */
  liveSession?: boolean;
  apiClient?: ApiClient;
  realtimeClient?: RealtimeClient;
  onTokenSource?: (source: () => Promise<string | null>) => void;
  /** `test` turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({
  queryClient,
  auth,
  liveSession,
  apiClient,
  realtimeClient,
  onTokenSource,
  env = 'default',
  children,
}: AppProvidersProps) {
  const services = useMemo<AppServices | null>(
    () => (apiClient && realtimeClient ? { api: apiClient, realtime: realtimeClient } : null),
    [apiClient, realtimeClient],
  );
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications position="top-right" />
      <RateLimitNotice />
      <QueryClientProvider client={queryClient}>
        <AppServicesContext.Provider value={services}>
          <AuthDialogProvider>
            {!auth && apiClient && (liveSession ?? env !== 'test') ? (
              <AuthSessionProvider client={apiClient} onTokenSource={onTokenSource}>
                {children}
              </AuthSessionProvider>
            ) : (
              <AuthProvider value={auth} client={apiClient} onTokenSource={onTokenSource}>
                {children}
              </AuthProvider>
            )}
          </AuthDialogProvider>
        </AppServicesContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
