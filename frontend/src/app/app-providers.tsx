import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AuthState } from '../features/auth/auth-context';
import { AuthDialogProvider } from '../features/auth/auth-dialog-provider';
import { AuthProvider } from '../features/auth/auth-provider';
import { theme } from '../theme/theme';
import { RateLimitNotice } from './rate-limit-notice';

interface AppProvidersProps {
  queryClient: QueryClient;
  auth?: AuthState;
  apiClient?: ApiClient;
  onTokenSource?: (source: () => Promise<string | null>) => void;
  /** `test` turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, auth, apiClient, onTokenSource, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications position="top-right" />
      <RateLimitNotice />
      <QueryClientProvider client={queryClient}>
        <AuthProvider value={auth} client={apiClient} onTokenSource={onTokenSource}>
          <AuthDialogProvider>{children}</AuthDialogProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
