import type { Plan, PlanLimitedFeature } from '../../../api/plans-api';
import type { UpgradeFeature } from './upgrade-features';

/** A plan as the comparison shows it: the server's name, price, limits and what it includes. */
export type PlanSummary = Pick<Plan, 'id' | 'name' | 'price_per_month' | 'limits' | 'features'>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** This month's test calls against the plan's limit, e.g. '3 of 5 test calls used this month'. */
export const testCallsUsage = (used: number, limit: number | null): string =>
  limit === null
    ? `${count(used, 'test call', 'test calls')} this month (unlimited)`
    : `${used} of ${count(limit, 'test call', 'test calls')} used this month`;

/** The locations followed against the plan's limit, e.g. '1 of 1 location'. */
export const locationsUsage = (used: number, limit: number | null): string =>
  limit === null ? `${count(used, 'location', 'locations')} (unlimited)` : `${used} of ${count(limit, 'location', 'locations')}`;

const resetDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** When the test calls start again: the server's instant is a UTC month start, so it is read in UTC. */
export function resetsOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `Test calls reset on ${resetDate.format(date)}`;
}

// Apart: the route checks its address against them, and the routes' code comes with every page.
export { UPGRADE_FEATURES, type UpgradeFeature } from './upgrade-features';
/** Fails the type check when a plan limit's `upgrade.feature` has no pitch here. */
export const PITCHES_EVERY_LIMIT: [Exclude<PlanLimitedFeature, UpgradeFeature>] extends [never] ? true : false = true;

export const FEATURE_PITCH: Record<UpgradeFeature, { title: string; text: string }> = {
  'weekly-checkups': {
    title: 'Weekly checkups are part of Pro',
    text: 'Ringcheck calls your business every week and tells you when something changes, before your customers notice.',
  },
  'competitor-analysis': {
    title: 'Competitor analysis is part of Pro',
    text: 'Ringcheck calls businesses like yours nearby and shows how your phone line compares.',
  },
  'test-calls': {
    title: "You've used this month's test calls",
    text: 'Your test calls start again next month. A bigger plan includes more, so you can keep checking your phone line now.',
  },
  locations: {
    title: 'Follow more than one business',
    text: 'A bigger plan follows more locations, so you can see how each of your businesses answers the phone.',
  },
};
