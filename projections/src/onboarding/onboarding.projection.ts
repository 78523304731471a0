import { defineProjection } from '../projection';
import { ONBOARDING_EVENTS, ONBOARDING_STEPS, type OnboardingEvent, type OnboardingStep } from './events';

export interface OnboardingDocument {
  _id: string;
  userId: string;
  /** Steps the user completed themselves, in checklist order. */
  completedSteps: OnboardingStep[];
  dismissed: boolean;
  updatedAt: string;
  [key: string]: unknown;
}

/** What a user did on the onboarding checklist; facts about calls and searches are read live. */
export const onboardingProjection = defineProjection<OnboardingDocument, OnboardingEvent>({
  name: 'onboarding',
  version: 1,
  events: ONBOARDING_EVENTS,
  documentId: (event) => event.data.userId,
  rooms: (doc) => [`user:${doc.userId}`],
  evolve(doc, event) {
    const userId = event.data.userId;
    const at = event.metadata.occurredAt;
    const current = doc ?? { _id: userId, userId, completedSteps: [], dismissed: false, updatedAt: at };
    switch (event.type) {
      case 'OnboardingStepCompleted': {
        const step = event.data.step;
        const steps = new Set([...current.completedSteps, step]);
        return { ...current, completedSteps: ONBOARDING_STEPS.filter((s) => steps.has(s)), updatedAt: at };
      }
      case 'OnboardingDismissed':
        return { ...current, dismissed: true, updatedAt: at };
      default:
        return { ...current, completedSteps: [], dismissed: false, updatedAt: at };
    }
  },
});
