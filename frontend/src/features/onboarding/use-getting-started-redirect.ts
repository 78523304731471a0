import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAppServices } from '../../app/app-services';
import { useAuth } from '../auth/auth-context';
import { shouldRedirectToGettingStarted } from './getting-started-prompt';
import { onboardingProgressQuery } from './onboarding-queries';

/** Sends a signed-in first-time user from / to /getting-started (spec section 4). */
export function useGettingStartedRedirect(): void {
  const { user } = useAuth();
  const { api } = useAppServices();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const userId = user?.id ?? null;
  const { data: progress } = useQuery({ ...onboardingProgressQuery(api, userId), enabled: userId !== null && pathname === '/' });

  useEffect(() => {
    if (shouldRedirectToGettingStarted({ pathname, search, signedIn: userId !== null, progress })) {
      void navigate({ to: '/getting-started', replace: true });
    }
  }, [pathname, search, userId, progress, navigate]);
}
