import { type OnboardingFacts, onboardingProgressOf } from './onboarding-progress';

const facts = (over: Partial<OnboardingFacts> = {}): OnboardingFacts => ({
  completedSteps: [],
  dismissed: false,
  hasFinishedCall: false,
  hasCompletedCall: false,
  hasCompletedDiscovery: false,
  hasLocation: false,
  lastUpdated: null,
  ...over,
});

describe('onboarding progress', () => {
  it('starts at the first step, as a first-time user', () => {
    expect(onboardingProgressOf(facts())).toMatchObject({ completedSteps: [], currentStep: 'first-call-checkup', isFirstTimeUser: true });
  });

  it('marks the first step done when a call finished, even a failed one', () => {
    expect(onboardingProgressOf(facts({ hasFinishedCall: true }))).toMatchObject({
      completedSteps: ['first-call-checkup'],
      currentStep: 'add-location',
    });
  });

  it('keeps checklist order and names the first uncompleted step', () => {
    const progress = onboardingProgressOf(facts({ completedSteps: ['weekly-checkups', 'first-call-checkup'] }));
    expect(progress.completedSteps).toEqual(['first-call-checkup', 'weekly-checkups']);
    expect(progress.currentStep).toBe('add-location');
    const all = onboardingProgressOf(facts({ hasLocation: true, completedSteps: ['first-call-checkup', 'weekly-checkups', 'competitor-analysis'] }));
    expect(all.currentStep).toBe('completed');
  });

  it('marks add-location done by the user having a location, never by a tick', () => {
    expect(onboardingProgressOf(facts({ completedSteps: ['add-location'] })).completedSteps).toEqual([]);
    expect(onboardingProgressOf(facts({ hasLocation: true })).completedSteps).toEqual(['add-location']);
  });

  it('is no longer a first-time user once a call and a discovery completed, or after dismissing', () => {
    expect(onboardingProgressOf(facts({ hasCompletedCall: true })).isFirstTimeUser).toBe(true);
    expect(onboardingProgressOf(facts({ hasCompletedCall: true, hasCompletedDiscovery: true })).isFirstTimeUser).toBe(false);
    expect(onboardingProgressOf(facts({ dismissed: true })).isFirstTimeUser).toBe(false);
  });
});
