import { deciderSpec } from '../../infrastructure/event-sourcing/testing/decider-spec';
import { onboardingDecider } from './onboarding.decider';

const userId = 'user_1';
const onboarding = deciderSpec(onboardingDecider);

describe('onboarding decider', () => {
  it('records only steps not yet completed', () => {
    onboarding
      .given({ type: 'OnboardingStepCompleted', data: { userId, step: 'add-location' } })
      .when({ type: 'CompleteSteps', userId, steps: ['add-location', 'weekly-checkups', 'weekly-checkups'] })
      .then([{ type: 'OnboardingStepCompleted', data: { userId, step: 'weekly-checkups' } }]);
  });

  it('dismisses once and resets only what exists', () => {
    const dismissed = onboarding.given({ type: 'OnboardingDismissed', data: { userId } });
    dismissed.when({ type: 'Dismiss', userId }).thenNothing();
    dismissed.when({ type: 'Reset', userId }).then([{ type: 'OnboardingReset', data: { userId } }]);
    onboarding.when({ type: 'Reset', userId }).thenNothing();
  });
});
