import { ONBOARDING_STEPS, type OnboardingProgressView, type OnboardingStep } from '@ringcheck/projections';

/** What the checklist knows of a user besides their own ticks. */
export interface OnboardingFacts {
  completedSteps: readonly OnboardingStep[];
  dismissed: boolean;
  /** A call of theirs finished (completed, canceled or failed). */
  hasFinishedCall: boolean;
  hasCompletedCall: boolean;
  hasCompletedDiscovery: boolean;
  lastUpdated: string | null;
}

/**
 * Spec section 4: four steps in order; currentStep is the first uncompleted step or 'completed';
 * a finished call marks first-call-checkup done; isFirstTimeUser becomes false once both a call and a
 * discovery have completed, or when the user dismissed the guide.
 */
export function onboardingProgressOf(facts: OnboardingFacts): OnboardingProgressView {
  const done = new Set(facts.completedSteps);
  if (facts.hasFinishedCall) done.add('first-call-checkup');
  const completedSteps = ONBOARDING_STEPS.filter((step) => done.has(step));
  return {
    completedSteps,
    currentStep: ONBOARDING_STEPS.find((step) => !done.has(step)) ?? 'completed',
    isFirstTimeUser: !facts.dismissed && !(facts.hasCompletedCall && facts.hasCompletedDiscovery),
    hasCompletedCall: facts.hasCompletedCall,
    hasCompletedDiscovery: facts.hasCompletedDiscovery,
    lastUpdated: facts.lastUpdated,
  };
}
