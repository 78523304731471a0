export type PlanId = 'free' | 'pro' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  price: number;
  features: string[];
}

/** The plans (spec sections 6 and 9). Every account is on Free: premium access is never granted. */
export const PLANS: readonly Plan[] = [
  { id: 'free', name: 'Free', price: 0, features: ['1 location', '5 test calls per month', 'Basic analysis', 'Email support'] },
  { id: 'pro', name: 'Pro', price: 29, features: ['Up to 5 locations', 'Unlimited test calls', 'Weekly checkups', 'Competitor analysis'] },
  { id: 'enterprise', name: 'Enterprise', price: 99, features: ['Everything in Pro', 'Unlimited locations', 'Daily checkups'] },
];

export const CURRENT_PLAN: PlanId = 'free';

export const UPGRADE_FEATURES = ['weekly-checkups', 'competitor-analysis'] as const;
export type UpgradeFeature = (typeof UPGRADE_FEATURES)[number];

export const FEATURE_PITCH: Record<UpgradeFeature, { title: string; text: string }> = {
  'weekly-checkups': {
    title: 'Weekly checkups are part of Pro',
    text: 'Ringcheck calls your business every week and tells you when something changes, before your customers notice.',
  },
  'competitor-analysis': {
    title: 'Competitor analysis is part of Pro',
    text: 'Ringcheck calls businesses like yours nearby and shows how your phone line compares.',
  },
};
