import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { MigrationStats } from '../../../api/users-api';
import { useAppServices } from '../../../app/app-services';
import { ANON_ID_STORAGE_KEY } from '../../anonymous/anonymous-user-service';
import { browserStorage } from '../../anonymous/browser-storage';
import { useAuthActions } from '../auth-actions-context';
import { useAuth } from '../auth-context';
import { AnalyticsIdentity, isNewSignIn } from './analytics-identity';
import type { SignInEffectsDeps } from './run-sign-in-effects';

/** Spec section 9: the link toast stays 5 s. */
export const LINK_TOAST_MS = 5_000;

export function linkedMessage(result: { migration_stats: MigrationStats }): string {
  const { business_discoveries: searches, calls } = result.migration_stats;
  const parts = [
    searches > 0 ? `${searches} ${searches === 1 ? 'search' : 'searches'}` : null,
    calls > 0 ? `${calls} ${calls === 1 ? 'call' : 'calls'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Your earlier ${parts.join(' and ')} from this browser are now in your account.` : 'Everything from this browser is already in your account.';
}

/**
 * Runs what follows a sign-in (analytics identity, post-signup redirect, linking the anonymous
 * visitor), resets the analytics identity on sign-out, and refetches what was loaded for whoever was
 * signed in before. Lives in the root layout, inside the router.
 */
export function useSignInEffects(): void {
  const auth = useAuth();
  const { provider } = useAuthActions();
  const { apis, realtime, analytics } = useAppServices();
  const router = useRouter();
  const queryClient = useQueryClient();
  const storage = useMemo(() => browserStorage(), []);
  const identity = useMemo(() => new AnalyticsIdentity(analytics, storage), [analytics, storage]);
  const previousUserId = useRef<string | null>(null);
  const latest = useRef({ auth, provider });
  latest.current = { auth, provider };

  const userId = auth.user?.id ?? null;

  // What was loaded before (a preview for a visitor, or another user's data) is stale once the user changes.
  const loadedFor = useRef(userId);
  useEffect(() => {
    if (loadedFor.current === userId) return;
    loadedFor.current = userId;
    // A read a page already started for the new user (the call report's re-check) serves.
    void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
    realtime.reconnect();
  }, [userId, queryClient, realtime]);

  useEffect(() => {
    const { auth: current, provider: kind } = latest.current;
    if (!current.user) {
      if (previousUserId.current) identity.reset();
      previousUserId.current = null;
      return undefined;
    }
    previousUserId.current = current.user.id;
    if (!isNewSignIn(current.user, current.origin, identity)) return undefined;

    const deps: SignInEffectsDeps = {
      users: apis.users,
      identity,
      analytics,
      storage,
      anonId: () => storage.getItem(ANON_ID_STORAGE_KEY),
      method: kind === 'clerk' ? 'clerk' : 'email',
      navigateInApp: (path) => router.history.push(path),
      loadPage: (url) => window.location.assign(url),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      onLinked: (result) => {
        if (!result.new_data_migrated) return;
        void queryClient.invalidateQueries();
        // The moved calls are the user's now: follow them again as their owner.
        realtime.reconnect();
        notifications.show({ color: 'teal', title: 'Account linked', message: linkedMessage(result), autoClose: LINK_TOAST_MS });
      },
    };
    const controller = new AbortController();
    const user = current.user;
    // Started on the next tick so a development double mount runs it once; the code loads then, as only a
    // sign-in needs it.
    const timer = setTimeout(() => {
      void import('./run-sign-in-effects').then(({ runSignInEffects }) => {
        if (!controller.signal.aborted) void runSignInEffects(user, current.origin, deps, controller.signal);
      });
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [userId, apis, identity, analytics, storage, router, queryClient]);
}
