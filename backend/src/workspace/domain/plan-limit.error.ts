import type { PlanId, PlanLimitedFeature } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { planName } from './plan-catalog';

const upgradeUrl = (feature: PlanLimitedFeature) => `/upgrade?feature=${feature}`;

/** A plan allows no more of something: answered 403 with what was used, the limit and where to upgrade. */
export class PlanLimitError extends DomainError {
  constructor(feature: PlanLimitedFeature, plan: PlanId, limit: number, used: number) {
    const name = planName(plan);
    const [detail, userMessage] =
      feature === 'test-calls'
        ? [
            `The ${name} plan allows ${limit} test calls per month; ${used} were started this month.`,
            `You've used all ${limit} test calls of your ${name} plan this month. Upgrade for more, or wait until next month.`,
          ]
        : [
            `The ${name} plan allows ${limit} location${limit === 1 ? '' : 's'}; this account follows ${used}.`,
            `Your ${name} plan covers ${limit === 1 ? '1 location' : `${limit} locations`}. Upgrade to follow more businesses.`,
          ];
    super('not_allowed', 'plan_limit_reached', detail, undefined, {
      user_message: userMessage,
      plan,
      limit,
      used,
      upgrade: { feature, url: upgradeUrl(feature) },
    });
    this.name = 'PlanLimitError';
  }
}
