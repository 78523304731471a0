import type { PlanId, PlanLimitsView, PlanView } from '@ringcheck/projections';
import type { PlanLimits, PlanLimitsConfig } from '../../infrastructure/config/app-config';

const NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' };

/** US dollars per month (spec section 9). */
const PRICES: Record<PlanId, number> = { free: 0, pro: 29, enterprise: 99 };

/** What each plan adds beyond its limits. */
const EXTRAS: Record<PlanId, string[]> = {
  free: ['Basic analysis', 'Email support'],
  pro: ['Weekly checkups', 'Competitor analysis'],
  enterprise: ['Daily checkups', 'Everything in Pro'],
};

export const planName = (plan: PlanId) => NAMES[plan];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function limitTexts({ locations, testCallsPerMonth }: PlanLimits): string[] {
  return [
    locations === null ? 'Unlimited locations' : locations === 1 ? '1 location' : `Up to ${locations} locations`,
    testCallsPerMonth === null ? 'Unlimited test calls' : `${plural(testCallsPerMonth, 'test call', 'test calls')} per month`,
  ];
}

export const limitsView = ({ locations, testCallsPerMonth }: PlanLimits): PlanLimitsView => ({ locations, test_calls_per_month: testCallsPerMonth });

/** A plan as the API shows it, its limits from configuration. */
export function planView(plan: PlanId, limits: PlanLimitsConfig): PlanView {
  return {
    id: plan,
    name: NAMES[plan],
    price_per_month: PRICES[plan],
    limits: limitsView(limits[plan]),
    features: [...limitTexts(limits[plan]), ...EXTRAS[plan]],
  };
}
