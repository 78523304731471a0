import { linkOptions } from '@tanstack/react-router';
import type { OnboardingStep } from '../../api/users-api';

const FIRST_CALL = linkOptions({ to: '/', search: { onboarding: 'first-call' } });
const EXPLORE = linkOptions({ to: '/explore' });
const WEEKLY_CHECKUPS = linkOptions({ to: '/upgrade', search: { feature: 'weekly-checkups' } });
const COMPETITOR_ANALYSIS = linkOptions({ to: '/upgrade', search: { feature: 'competitor-analysis' } });

type StepLink = typeof FIRST_CALL | typeof EXPLORE | typeof WEEKLY_CHECKUPS | typeof COMPETITOR_ANALYSIS;

export interface OnboardingStepGuide {
  step: OnboardingStep;
  title: string;
  description: string;
  /** Part of the Pro plan. */
  pro: boolean;
  action: { label: string; link: StepLink };
  /** The user finishes the step by saying so (the first two finish when a call ends and when a location is added). */
  manual: { label: string } | null;
  /** What "Help me decide" suggests while this is the next step. */
  suggestion: string;
}

/** The four steps of the checklist, in order (spec section 4); the last two are Pro. */
export const ONBOARDING_GUIDE: readonly OnboardingStepGuide[] = [
  {
    step: 'first-call-checkup',
    title: 'Run your first call checkup',
    description: 'We call your business the way a customer would and show you how the call went. Results in about 30 seconds.',
    pro: false,
    action: { label: 'Start checkup', link: FIRST_CALL },
    manual: null,
    suggestion:
      'Start with a first call checkup. It takes about 30 seconds and shows whether your line picks up, how fast, and what a caller hears.',
  },
  {
    step: 'add-location',
    title: 'Add your business location',
    description: 'Keep the business you test in My Locations, so every checkup and its results stay in one place. Calling or saving a business adds it.',
    pro: false,
    action: { label: 'Find your business', link: EXPLORE },
    // Done when My Locations holds a business: the server knows, the user does not tick it.
    manual: null,
    suggestion: 'Your first call is behind you. Save your business as a location next, so every future checkup lands in one place.',
  },
  {
    step: 'weekly-checkups',
    title: 'Turn on weekly checkups',
    description: 'We call every week and tell you when something changes, before your customers notice.',
    pro: true,
    action: { label: 'See Pro plans', link: WEEKLY_CHECKUPS },
    manual: { label: 'Skip' },
    suggestion: 'Phone lines change from week to week. Weekly checkups catch a missed call or a broken menu early.',
  },
  {
    step: 'competitor-analysis',
    title: 'Compare with competitors',
    description: 'See how your phone line stacks up against businesses like yours nearby.',
    pro: true,
    action: { label: 'See Pro plans', link: COMPETITOR_ANALYSIS },
    manual: { label: 'Skip' },
    suggestion: 'See where you stand: competitor analysis calls businesses like yours and compares how they answer.',
  },
];

export const guideFor = (step: OnboardingStep): OnboardingStepGuide => ONBOARDING_GUIDE.find((guide) => guide.step === step)!;
