import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/api-client';
import type { AuthState } from '../features/auth/auth-context';
import { AuthDialogProvider } from '../features/auth/auth-dialog-provider';
import { AuthProvider } from '../features/auth/auth-provider';
import { AuthSessionProvider, type ClerkModule } from '../features/auth/auth-session-provider';
import { cssVariablesResolver, theme } from '../theme/theme';
import { DeferredNotifications } from './deferred-notifications';
import { RateLimitNotice } from './rate-limit-notice';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** A fixed session instead of the live one (tests, previews). */
  auth?: AuthState;
  /** Runs the real session against `apiClient` when no fixed `auth` is given; on by default outside tests. */
  liveSession?: boolean;
  apiClient?: ApiClient;
  onTokenSource?: (source: () => Promise<string | null>) => void;
  /** Where the hosted provider's code comes from (tests replace it). */
  loadClerk?: () => Promise<ClerkModule>;
  /** `test` turns off transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, auth, liveSession, apiClient, onTokenSource, loadClerk, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false} env={env}>
      {/* Bottom right, clear of the header's buttons and of the sidebar (left) and its user menu. */}
      {/* Lifted above the consent banner while it shows (styles/global.css). */}
      <DeferredNotifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <RateLimitNotice />
        <AuthDialogProvider>
          {!auth && apiClient && (liveSession ?? env !== 'test') ? (
            <AuthSessionProvider client={apiClient} onTokenSource={onTokenSource} loadClerk={loadClerk}>
              {children}
            </AuthSessionProvider>
          ) : (
            <AuthProvider value={auth} client={apiClient} onTokenSource={onTokenSource}>
              {children}
            </AuthProvider>
          )}
        </AuthDialogProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
