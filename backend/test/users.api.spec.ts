import { randomUUID } from 'node:crypto';
import { type TestApp, startTestApp } from './test-app';

describe('users API: linking visitors, conversion analytics, onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off' });
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'get' | 'delete', path: string, headers: Record<string, string>, body?: object) => {
    const pending = t.agent[method](path).set('X-CSRFToken', t.csrf).set(headers);
    return body === undefined ? pending : pending.send(body);
  };

  async function signUp() {
    const res = await send('post', '/api/auth/sign-up/', {}, { email: `u-${randomUUID()}@example.com`, password: 'correct horse battery' });
    return { auth: { Authorization: `Bearer ${res.body.access_token}` }, userId: res.body.user.id as string };
  }

  async function visitorWithSearch() {
    const anonId = `anon_${randomUUID()}`;
    await send('post', '/api/analytics/track-user/', {}, { fingerprint: `fp-${anonId}`, screen_resolution: '1280x800', timezone: 'UTC', language: 'en', anon_id: anonId });
    const disc = await send('post', '/api/discoveries/', { 'X-Anonymous-ID': anonId }, { business_name: 'Pizza Palace', location: 'New York, NY' });
    for (let i = 0; i < 100; i++) {
      if ((await t.agent.get(`/api/discoveries/${disc.body.id}/status/`)).body.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    return { anonId, discoveryId: disc.body.id as string };
  }

  it('refuses every guarded path without a token, with 401', async () => {
    const paths: Array<['get' | 'post' | 'delete', string, object?]> = [
      ['post', '/api/users/link-anonymous/', { anon_id: `anon_${randomUUID()}`, conversion_source: 'signup' }],
      ['post', '/api/users/link-multiple-anonymous/', { anon_ids: [`anon_${randomUUID()}`] }],
      ['get', '/api/users/conversion-analytics/'],
      ['get', `/api/users/anonymous-status/anon_${randomUUID()}/`],
      ['get', '/api/users/onboarding-progress/'],
      ['post', '/api/users/onboarding-progress/', { completedSteps: ['add-location'] }],
      ['delete', '/api/users/onboarding-progress/'],
    ];
    for (const [method, path, body] of paths) {
      const res = await send(method, path, {}, body);
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 401, error: 'authentication_required' });
    }
  });

  it('links a visitor: its search moves to the account, linking again is safe, another account is refused', async () => {
    const { anonId, discoveryId } = await visitorWithSearch();
    const owner = await signUp();
    const first = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: anonId, conversion_source: 'signup' });
    expect(first.body).toMatchObject({
      success: true,
      already_linked: false,
      new_data_migrated: true,
      migration_stats: { total_objects: 1, business_discoveries: 1, calls: 0 },
      profiles_linked: 1,
      profiles_failed: 0,
      total_migration_stats: { total_objects: 1 },
    });
    const mine = await send('get', '/api/discoveries/?status=completed', owner.auth);
    expect(mine.body.results.map((d: { id: string }) => d.id)).toEqual([discoveryId]);

    const again = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: anonId, conversion_source: 'signin' });
    expect(again.body).toMatchObject({ success: true, already_linked: true, new_data_migrated: false, migration_stats: { total_objects: 0 } });

    const other = await signUp();
    const stolen = await send('post', '/api/users/link-anonymous/', other.auth, { anon_id: anonId, conversion_source: 'manual' });
    expect(stolen.status).toBe(409);
    expect((await send('get', '/api/discoveries/?status=completed', other.auth)).body.count).toBe(0);
  });

  it('validates link requests, naming the field', async () => {
    const owner = await signUp();
    const bad = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab', conversion_source: 'signup' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.anon_id[0]).toMatch(/prefix mismatch/i);
    const source = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: `anon_${randomUUID()}`, conversion_source: 'magic' });
    expect(source.body.fields).toHaveProperty('conversion_source');
    const many = await send('post', '/api/users/link-multiple-anonymous/', owner.auth, { anon_ids: [] });
    expect(many.body.fields).toHaveProperty('anon_ids');
  });

  it('links several visitors at once, counting the failures', async () => {
    const a = await visitorWithSearch();
    const b = await visitorWithSearch();
    const taken = await visitorWithSearch();
    const someoneElse = await signUp();
    await send('post', '/api/users/link-anonymous/', someoneElse.auth, { anon_id: taken.anonId, conversion_source: 'signup' });

    const owner = await signUp();
    const res = await send('post', '/api/users/link-multiple-anonymous/', owner.auth, { anon_ids: [a.anonId, b.anonId, taken.anonId] });
    expect(res.body).toMatchObject({ success: false, profiles_linked: 2, profiles_failed: 1, total_migration_stats: { business_discoveries: 2 } });

    const analytics = await send('get', '/api/users/conversion-analytics/', owner.auth);
    expect(analytics.body).toMatchObject({ has_anonymous_data: true, total_visits_before_signup: 2 });
    expect(analytics.body.time_to_conversion_hours).toBeGreaterThanOrEqual(0);

    const status = await send('get', `/api/users/anonymous-status/${a.anonId}/`, owner.auth);
    expect(status.body).toMatchObject({ exists: true, is_linked: true, linked_to_current_user: true, visit_count: 1 });
    const othersVisitor = await send('get', `/api/users/anonymous-status/${taken.anonId}/`, owner.auth);
    expect(othersVisitor.body).toMatchObject({ exists: true, is_linked: true, linked_to_current_user: false, visit_count: null, linked_at: null });
  });

  it('answers conversion analytics for an account without earlier visits', async () => {
    const owner = await signUp();
    expect((await send('get', '/api/users/conversion-analytics/', owner.auth)).body).toEqual({
      has_anonymous_data: false,
      total_visits_before_signup: 0,
      time_to_conversion_hours: null,
    });
  });

  it('keeps the onboarding checklist per the spec rules, per user', async () => {
    const owner = await signUp();
    const other = await signUp();
    const start = await send('get', '/api/users/onboarding-progress/', owner.auth);
    expect(start.body).toMatchObject({ completedSteps: [], currentStep: 'first-call-checkup', isFirstTimeUser: true, hasCompletedCall: false, hasCompletedDiscovery: false });

    const saved = await send('post', '/api/users/onboarding-progress/', owner.auth, { completedSteps: ['add-location'] });
    expect(saved.body).toMatchObject({ completedSteps: ['add-location'], currentStep: 'first-call-checkup' });
    expect((await send('get', '/api/users/onboarding-progress/', other.auth)).body.completedSteps).toEqual([]);

    // A finished call of the user's marks the first step done.
    const call = await send('post', '/api/call-management/mock-test-call/', owner.auth, {});
    for (let i = 0; i < 300; i++) {
      const res = await send('get', `/api/call-management/calls/${call.body.id}/`, owner.auth);
      if (res.body.status === 'completed' && res.body.analysis) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const afterCall = await send('get', '/api/users/onboarding-progress/', owner.auth);
    expect(afterCall.body).toMatchObject({
      completedSteps: ['first-call-checkup', 'add-location'],
      currentStep: 'weekly-checkups',
      hasCompletedCall: true,
      isFirstTimeUser: true,
    });

    const dismissed = await send('post', '/api/users/onboarding-progress/', owner.auth, { isFirstTimeUser: false });
    expect(dismissed.body.isFirstTimeUser).toBe(false);
    const unknown = await send('post', '/api/users/onboarding-progress/', owner.auth, { completedSteps: ['learn-to-fly'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('completedSteps');

    const reset = await send('delete', '/api/users/onboarding-progress/', owner.auth);
    expect(reset.body).toMatchObject({ completedSteps: ['first-call-checkup'], isFirstTimeUser: true });
  });
});
