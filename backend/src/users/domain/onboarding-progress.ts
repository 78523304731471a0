import { ONBOARDING_STEPS, type OnboardingProgressView, type OnboardingStep } from '@ringcheck/projections';

/** What the checklist knows of a user besides their own ticks. */
export interface OnboardingFacts {
  completedSteps: readonly OnboardingStep[];
  dismissed: boolean;
  /** A call of theirs finished (completed, canceled or failed). */
  hasFinishedCall: boolean;
  hasCompletedCall: boolean;
  hasCompletedDiscovery: boolean;
  /** They saved or called a business (My Locations holds one). */
  hasLocation: boolean;
  lastUpdated: string | null;
}

/**
 * Spec section 4: four steps in order; currentStep is the first uncompleted step or 'completed';
 * a finished call marks first-call-checkup done; isFirstTimeUser becomes false once both a call and a
 * discovery have completed, or when the user dismissed the guide.
 */
export function onboardingProgressOf(facts: OnboardingFacts): OnboardingProgressView {
  // add-location is a fact of the user's locations, never a tick.
  const done = new Set<OnboardingStep>(facts.completedSteps.filter((step) => step !== 'add-location'));
  if (facts.hasFinishedCall) done.add('first-call-checkup');
  if (facts.hasLocation) done.add('add-location');
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
