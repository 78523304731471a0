// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createPlansApi, planLimitOf, type PlanLimitError } from './plans-api';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const LIMIT: PlanLimitError = {
  error: 'plan_limit_reached',
  detail: 'The free plan allows 5 test calls a month.',
  user_message: "You've used this month's 5 test calls on the Free plan.",
  plan: 'free',
  limit: 5,
  used: 5,
  upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' },
};

describe('plans API', () => {
  it('reads the user’s plan and usage', async () => {
    const stub = createFetchStub(() => jsonResponse(200, { plan: { id: 'free' } }));
    const api = createPlansApi(new ApiClient({ fetch: stub.fetch, cookies: () => '' }));

    await expect(api.usage()).resolves.toEqual({ plan: { id: 'free' } });
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/users/plan/']);
  });

  it('tells a plan limit from other refusals', () => {
    expect(planLimitOf(new ApiError(LIMIT.user_message, 403, LIMIT))).toEqual(LIMIT);
    expect(planLimitOf(new ApiError('Forbidden', 403, { detail: 'Forbidden' }))).toBeNull();
    expect(planLimitOf(new ApiError('Bad', 400, LIMIT))).toBeNull();
    expect(planLimitOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});
