import { eventUnion } from '../domain-events';

/** Events of a user's onboarding checklist (stream `onboarding-<userId>`). */
export const ONBOARDING_STEPS = ['first-call-checkup', 'add-location', 'weekly-checkups', 'competitor-analysis'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingStepCompletedData {
  userId: string;
  step: OnboardingStep;
}

export interface OnboardingDismissedData {
  userId: string;
}

export interface OnboardingResetData {
  userId: string;
}

export type OnboardingEvent =
  | { type: 'OnboardingStepCompleted'; data: OnboardingStepCompletedData }
  | { type: 'OnboardingDismissed'; data: OnboardingDismissedData }
  | { type: 'OnboardingReset'; data: OnboardingResetData };

/** The events of a user's onboarding stream. */
export const ONBOARDING_EVENTS = eventUnion<OnboardingEvent>('onboarding', {
  OnboardingStepCompleted: true,
  OnboardingDismissed: true,
  OnboardingReset: true,
});
