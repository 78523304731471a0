import { randomUUID } from 'node:crypto';
import { VISITOR_COOKIE_NAME, VisitorProof } from '../src/infrastructure/visitor';
import { HIGH_LIMITS } from './high-limits';
import { completedDiscovery, settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp } from './test-app';

describe('users API: linking visitors, conversion analytics, onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', ...HIGH_LIMITS });
  });
  afterAll(() => t.close());

  /** A request from `browser` (a fresh one by default), with `headers`. */
  const send = (method: 'post' | 'get' | 'delete', path: string, headers: Record<string, string>, body?: object, browser?: TestVisitor) => {
    const agent = browser?.agent ?? t.agent;
    const pending = agent[method](path)
      .set('X-CSRFToken', browser?.csrf ?? t.csrf)
      .set(headers);
    return body === undefined ? pending : pending.send(body);
  };

  async function signUp(browser?: TestVisitor) {
    const res = await send('post', '/api/auth/sign-up/', {}, { email: `u-${randomUUID()}@example.com`, password: 'Vivid-Lantern-Orbit-42' }, browser);
    return { auth: { Authorization: `Bearer ${res.body.access_token}` }, userId: res.body.user.id as string };
  }

  /** A browser whose visitor searched once. */
  async function visitorWithSearch() {
    const browser = await newVisitor(t.app);
    const disc = await browser.post('/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
    await completedDiscovery((path) => browser.get(path), disc.body.id);
    return { browser, anonId: browser.anonId, discoveryId: disc.body.id as string };
  }

  /** The proof a browser has after the server issued it each of `anonIds` (newest first). */
  const proving = (browser: TestVisitor, anonIds: string[]) => ({
    Cookie: `csrftoken=${browser.csrf}; ${VISITOR_COOKIE_NAME}=${t.app.get(VisitorProof).seal(anonIds)}`,
  });

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
    const { browser, anonId, discoveryId } = await visitorWithSearch();
    const owner = await signUp(browser);
    const first = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: anonId, conversion_source: 'signup' }, browser);
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

    const again = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: anonId, conversion_source: 'signin' }, browser);
    expect(again.body).toMatchObject({ success: true, already_linked: true, new_data_migrated: false, migration_stats: { total_objects: 0 } });

    // Another account on the same browser proves the id but may not take it.
    const other = await signUp(browser);
    const taken = await send('post', '/api/users/link-anonymous/', other.auth, { anon_id: anonId, conversion_source: 'manual' }, browser);
    expect(taken.status).toBe(409);
    expect((await send('get', '/api/discoveries/?status=completed', other.auth)).body.count).toBe(0);
  });

  it('links only a visitor the browser proves: an id learned elsewhere or never issued moves nothing', async () => {
    const victim = await visitorWithSearch();
    const attacker = await newVisitor(t.app);
    const thief = await signUp(attacker);
    const never = `anon_${randomUUID()}`;
    for (const anonId of [victim.anonId, never]) {
      const stolen = await send('post', '/api/users/link-anonymous/', { ...thief.auth, 'X-Anonymous-ID': anonId }, { anon_id: anonId, conversion_source: 'signin' }, attacker);
      expect(stolen.status).toBe(403);
      expect(stolen.body).toMatchObject({ error: 'visitor_not_proven', fields: { anon_id: [expect.any(String)] } });
    }
    const several = await send('post', '/api/users/link-multiple-anonymous/', thief.auth, { anon_ids: [attacker.anonId, victim.anonId] }, attacker);
    expect(several.status).toBe(403);
    expect(several.body.fields).toHaveProperty(['anon_ids.1']);
    // Nothing moved, not even the ids the caller did prove.
    expect((await send('get', '/api/discoveries/', thief.auth, undefined, attacker)).body.count).toBe(0);
    expect((await send('get', `/api/users/anonymous-status/${attacker.anonId}/`, thief.auth, undefined, attacker)).body.is_linked).toBe(false);
    const status = await send('get', `/api/users/anonymous-status/${victim.anonId}/`, thief.auth, undefined, attacker);
    expect(status.body).toMatchObject({ exists: true, is_linked: false, visit_count: null, first_seen_at: null });
    // The victim still links its own.
    const owner = await signUp(victim.browser);
    const linked = await send('post', '/api/users/link-anonymous/', owner.auth, { anon_id: victim.anonId, conversion_source: 'signup' }, victim.browser);
    expect(linked.body.migration_stats.business_discoveries).toBe(1);
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
    const someoneElse = await signUp(taken.browser);
    await send('post', '/api/users/link-anonymous/', someoneElse.auth, { anon_id: taken.anonId, conversion_source: 'signup' }, taken.browser);

    // A browser the server issued all three ids to over time.
    const browser = await newVisitor(t.app);
    const owner = await signUp(browser);
    const held = { ...owner.auth, ...proving(browser, [a.anonId, b.anonId, taken.anonId]) };
    const res = await send('post', '/api/users/link-multiple-anonymous/', held, { anon_ids: [a.anonId, b.anonId, taken.anonId] });
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

    // add-location is done by having a location, never by a tick.
    const saved = await send('post', '/api/users/onboarding-progress/', owner.auth, { completedSteps: ['add-location', 'weekly-checkups'] });
    expect(saved.body).toMatchObject({ completedSteps: ['weekly-checkups'], currentStep: 'first-call-checkup' });
    expect((await send('get', '/api/users/onboarding-progress/', other.auth)).body.completedSteps).toEqual([]);

    // A finished call of the user's marks the first step done; the business it called is their first location.
    const call = await send('post', '/api/call-management/mock-test-call/', owner.auth, {});
    expect((await settledCall((path) => send('get', path, owner.auth), call.body.id)).status).toBe('completed');
    const afterCall = await send('get', '/api/users/onboarding-progress/', owner.auth);
    expect(afterCall.body).toMatchObject({
      completedSteps: ['first-call-checkup', 'add-location', 'weekly-checkups'],
      currentStep: 'competitor-analysis',
      hasCompletedCall: true,
      isFirstTimeUser: true,
    });

    const dismissed = await send('post', '/api/users/onboarding-progress/', owner.auth, { isFirstTimeUser: false });
    expect(dismissed.body.isFirstTimeUser).toBe(false);
    const unknown = await send('post', '/api/users/onboarding-progress/', owner.auth, { completedSteps: ['learn-to-fly'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('completedSteps');

    const reset = await send('delete', '/api/users/onboarding-progress/', owner.auth);
    // A reset forgets the ticks, not the facts.
    expect(reset.body).toMatchObject({ completedSteps: ['first-call-checkup', 'add-location'], isFirstTimeUser: true });
  });
});
