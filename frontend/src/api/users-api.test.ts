// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { createUsersApi, type OnboardingProgress } from './users-api';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const ANON_ID = 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';
const progress: OnboardingProgress = {
  completedSteps: [],
  currentStep: 'first-call-checkup',
  isFirstTimeUser: true,
  hasCompletedCall: false,
  hasCompletedDiscovery: false,
  lastUpdated: null,
};

const clientFor = (stub: ReturnType<typeof createFetchStub>) =>
  new ApiClient({
    fetch: stub.fetch,
    cookies: () => 'csrftoken=c1',
    auth: { isSignedIn: () => true, getToken: async () => 'token-1', refreshToken: async () => 'token-2' },
  });

describe('users API', () => {
  it('edits the own account: profile, password and deletion with the password in the body', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { id: 'user_1', first_name: 'Dana' }),
      () => new Response(null, { status: 204 }),
      () => new Response(null, { status: 204 }),
    );
    const api = createUsersApi(clientFor(stub));

    await api.updateProfile({ first_name: 'Dana', last_name: null });
    await expect(api.changePassword({ current_password: 'old password', new_password: 'new password!' })).resolves.toBeUndefined();
    await api.deleteAccount('new password!');

    expect(stub.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', '/api/users/me/', { first_name: 'Dana', last_name: null }],
      ['POST', '/api/users/me/password/', { current_password: 'old password', new_password: 'new password!' }],
      ['DELETE', '/api/users/me/', { password: 'new password!' }],
    ]);
    expect(stub.requests.every((r) => r.headers.Authorization === 'Bearer token-1')).toBe(true);
  });

  it('links anonymous visitors and reads their status and the conversion analytics', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { success: true, already_linked: false, new_data_migrated: true }),
      () => jsonResponse(200, { success: true, profiles_linked: 2, profiles_failed: 0 }),
      () => jsonResponse(200, { has_anonymous_data: true, total_visits_before_signup: 3, time_to_conversion_hours: 1.5 }),
      () => jsonResponse(200, { anon_id: ANON_ID, exists: true }),
    );
    const api = createUsersApi(clientFor(stub));

    await api.linkAnonymous(ANON_ID, 'signup');
    await api.linkMultipleAnonymous([ANON_ID, 'anon_1']);
    await expect(api.conversionAnalytics()).resolves.toMatchObject({ time_to_conversion_hours: 1.5 });
    await api.anonymousStatus(ANON_ID);

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/users/link-anonymous/',
      'POST /api/users/link-multiple-anonymous/',
      'GET /api/users/conversion-analytics/',
      `GET /api/users/anonymous-status/${ANON_ID}/`,
    ]);
    expect(stub.requests[0].body).toEqual({ anon_id: ANON_ID, conversion_source: 'signup' });
    expect(stub.requests[1].body).toEqual({ anon_ids: [ANON_ID, 'anon_1'] });
  });

  it('reads, saves and resets the onboarding progress', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, progress),
      () => jsonResponse(200, { ...progress, completedSteps: ['add-location'] }),
      () => jsonResponse(200, progress),
    );
    const api = createUsersApi(clientFor(stub));

    await expect(api.onboardingProgress()).resolves.toEqual(progress);
    await api.saveOnboardingProgress({ completedSteps: ['add-location'] });
    await api.resetOnboardingProgress();

    expect(stub.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/api/users/onboarding-progress/', undefined],
      ['POST', '/api/users/onboarding-progress/', { completedSteps: ['add-location'] }],
      ['DELETE', '/api/users/onboarding-progress/', undefined],
    ]);
  });
});
