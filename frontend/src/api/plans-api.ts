import type { PlanLimitErrorView, PlanUsageView } from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

export type {
  PlanId,
  PlanLimitErrorView as PlanLimitError,
  PlanLimitedFeature,
  PlanLimitsView as PlanLimits,
  PlanUsageView as PlanUsage,
  PlanView as Plan,
} from '@ringcheck/projections/contract';

export interface PlansApi {
  /** The user's plan, every plan with its limits, and this month's usage. */
  usage(): Promise<PlanUsageView>;
}

export function createPlansApi(client: ApiClient): PlansApi {
  return { usage: () => client.get<PlanUsageView>('/users/plan/') };
}

/** The plan limit a 403 names (`plan_limit_reached`), or null for any other failure. */
export function planLimitOf(error: unknown): PlanLimitErrorView | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body as Partial<PlanLimitErrorView> | null | undefined;
  return typeof body === 'object' && body !== null && body.error === 'plan_limit_reached' ? (body as PlanLimitErrorView) : null;
}
