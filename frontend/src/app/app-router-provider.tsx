import { RouterProvider } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { useAuth } from '../features/auth/auth-context';
import type { AppRouter } from './create-app-router';

/**
 * The router, told about the session: guards wait until it is known, and when it becomes known or the
 * signed-in user changes every route loads again (guards decide anew, loaders read for the new user).
 */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const auth = useAuth();
  const { session } = router.options.context;
  // Undefined while the session loads.
  const knownUser = auth.status === 'loading' ? undefined : (auth.user?.id ?? null);
  const loadedFor = useRef<{ user: string | null | undefined } | null>(null);
  // Told while rendering, so the router's first load (started by its own effects) already sees it.
  session.publish(auth);

  useLayoutEffect(() => {
    if (loadedFor.current && loadedFor.current.user !== knownUser) void router.invalidate();
    loadedFor.current = { user: knownUser };
  }, [knownUser, router]);

  return <RouterProvider router={router} />;
}
