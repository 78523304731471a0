import { PLAN_IDS, type PlanUsageView } from '@ringcheck/projections';
import type { PlanLimitsConfig } from '../../infrastructure/config/app-config';
import { monthOf, nextMonthStart } from '../domain/month';
import { planView } from '../domain/plan-catalog';
import { callsChargedIn, followedLocations, type WorkspaceState } from '../domain/workspace.decider';

/** The user's plan and this month's usage, from their workspace's history. */
export function planUsageOf(state: WorkspaceState, limits: PlanLimitsConfig, now: Date): PlanUsageView {
  const month = monthOf(now);
  return {
    plan: planView(state.plan, limits),
    plans: PLAN_IDS.map((plan) => planView(plan, limits)),
    premium_access: false,
    usage: {
      month,
      test_calls: callsChargedIn(state, month),
      locations: followedLocations(state),
      resets_at: nextMonthStart(now).toISOString(),
    },
  };
}
