import { ONBOARDING_EVENTS, type OnboardingEvent, type OnboardingStep } from '@ringcheck/projections';
import type { Decider } from '../../infrastructure/event-sourcing';

export type OnboardingCommand =
  | { type: 'CompleteSteps'; userId: string; steps: OnboardingStep[] }
  | { type: 'Dismiss'; userId: string }
  | { type: 'Reset'; userId: string };

export interface OnboardingState {
  completed: Set<OnboardingStep>;
  dismissed: boolean;
  touched: boolean;
}

/** A user's checklist (stream `onboarding-<userId>`): completing a step twice or dismissing twice records nothing. */
export const onboardingDecider: Decider<OnboardingCommand, OnboardingState, OnboardingEvent> = {
  events: ONBOARDING_EVENTS,
  initialState: () => ({ completed: new Set(), dismissed: false, touched: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'OnboardingStepCompleted':
        return { ...state, completed: new Set([...state.completed, event.data.step]), touched: true };
      case 'OnboardingDismissed':
        return { ...state, dismissed: true, touched: true };
      case 'OnboardingReset':
        return { completed: new Set(), dismissed: false, touched: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CompleteSteps':
        return [...new Set(command.steps)]
          .filter((step) => !state.completed.has(step))
          .map((step) => ({ type: 'OnboardingStepCompleted' as const, data: { userId: command.userId, step } }));
      case 'Dismiss':
        return state.dismissed ? [] : [{ type: 'OnboardingDismissed', data: { userId: command.userId } }];
      case 'Reset':
        return state.completed.size === 0 && !state.dismissed ? [] : [{ type: 'OnboardingReset', data: { userId: command.userId } }];
    }
  },
};

export const onboardingStream = (userId: string) => `onboarding-${userId}`;
