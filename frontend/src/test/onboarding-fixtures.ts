import type { OnboardingProgress } from '../api/users-api';

/** A user past the getting-started prompt: two steps done, a call and a search completed. */
export const SETTLED_PROGRESS: OnboardingProgress = {
  completedSteps: ['first-call-checkup', 'add-location'],
  currentStep: 'weekly-checkups',
  isFirstTimeUser: false,
  hasCompletedCall: true,
  hasCompletedDiscovery: true,
  lastUpdated: null,
};
