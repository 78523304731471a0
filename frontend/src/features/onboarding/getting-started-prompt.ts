import type { OnboardingProgress } from '../../api/users-api';
import { homeFormRequest } from '../search/home-form-request';

/** Spec section 9: the prompt applies below 2 completed steps (of 4). */
export const ONBOARDING_COMPLETED_STEPS_THRESHOLD = 2;

/** Paths the redirect from / never interrupts (spec section 4). */
const EXEMPT_PATH_PARTS = ['/getting-started', '/sign-in', '/sign-up', '/call/', '/upgrade'];

/**
 * The getting-started prompt applies to a signed-in user who is a first-time user, or has fewer than
 * 2 completed steps, or has not completed both a call and a discovery.
 */
export function gettingStartedPromptApplies(progress: OnboardingProgress): boolean {
  return (
    progress.isFirstTimeUser ||
    progress.completedSteps.length < ONBOARDING_COMPLETED_STEPS_THRESHOLD ||
    !(progress.hasCompletedCall && progress.hasCompletedDiscovery)
  );
}

export interface RedirectCheck {
  pathname: string;
  /** The query string, with or without its leading '?'. */
  search: string;
  signedIn: boolean;
  progress: OnboardingProgress | undefined;
}

/** A signed-in user at / goes to /getting-started (replacing the entry) while the prompt applies. */
export function shouldRedirectToGettingStarted({ pathname, search, signedIn, progress }: RedirectCheck): boolean {
  if (!signedIn || !progress || !Array.isArray(progress.completedSteps)) return false;
  if (pathname !== '/') return false;
  if (EXEMPT_PATH_PARTS.some((part) => pathname.includes(part))) return false;
  // The onboarding variant (spec section 4), and New Call / Try Again, which must reach the form too.
  const params = new URLSearchParams(search);
  if (homeFormRequest({ onboarding: params.get('onboarding'), action: params.get('action') })) return false;
  return gettingStartedPromptApplies(progress);
}
