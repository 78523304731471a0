import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WORKSPACE_CLOCK } from '../src/workspace/workspace-clock';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { isolatedEnv } from './isolated-env';
import { completedDiscovery, settledCall } from './settled';
import { newVisitor, signUpIn, startTestApp, type TestApp, type TestVisitor } from './test-app';

const run = promisify(execFile);
const plansCli = join(__dirname, '../dist/cli/plans-cli.js');

describe('workspace API: locations, plans and their limits, business profiles', () => {
  let t: TestApp;
  let dataDir: string;
  const clock = { at: new Date('2026-11-10T12:00:00Z'), now: () => clock.at };

  beforeAll(async () => {
    dataDir = join(require('node:os').tmpdir(), `ringcheck-workspace-${randomUUID()}`);
    t = await startTestApp(
      { DATA_DIR: dataDir, SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', ...HIGH_LIMITS, PLAN_FREE_LOCATIONS: '1', PLAN_FREE_TEST_CALLS_PER_MONTH: '5' },
      { override: (module) => module.overrideProvider(WORKSPACE_CLOCK).useValue(clock) },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock.at = new Date('2026-11-10T12:00:00Z');
  });

  interface Owner {
    browser: TestVisitor;
    userId: string;
    email: string;
    get(path: string): ReturnType<TestVisitor['get']>;
    post(path: string, body?: object): ReturnType<TestVisitor['post']>;
  }

  async function owner(browser?: TestVisitor): Promise<Owner> {
    const b = browser ?? (await newVisitor(t.app));
    const email = `owner-${randomUUID()}@example.com`;
    const { userId, auth } = await signUpIn(b, { email });
    return { browser: b, userId, email, get: (path) => b.get(path).set(auth), post: (path, body) => b.post(path, body).set(auth) };
  }

  /** Two businesses a search found. */
  async function twoBusinesses(who: Pick<Owner, 'post' | 'get'>) {
    const disc = await who.post('/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
    const results = await completedDiscovery((path) => who.get(path), disc.body.id);
    expect(results.place_search_results.length).toBeGreaterThanOrEqual(2);
    const [a, b] = results.place_search_results;
    return { discoveryId: disc.body.id as string, a, b };
  }

  const callTo = (who: Pick<Owner, 'post'>, discoveryId: string, placeId: string) =>
    who.post('/api/call-management/secret-shopper-call/', { discovery_id: discoveryId, place_result_id: placeId });

  it('answers 401 on every path without a signed-in user', async () => {
    const visitor = await newVisitor(t.app);
    const paths: Array<[string, string, object?]> = [
      ['get', '/api/users/locations/'],
      ['get', '/api/users/locations/summary/'],
      ['post', '/api/users/locations/save/', { place_search_result_id: `plsr_${randomUUID()}` }],
      ['post', `/api/users/locations/loc_${randomUUID()}/toggle-favorite/`],
      ['get', `/api/users/locations/loc_${randomUUID()}/history/`],
      ['get', '/api/users/plan/'],
      ['post', '/api/business/profiles/', { name: 'Harbor Dental', phone: '2125550142' }],
      ['get', '/api/business/profiles/'],
    ];
    for (const [method, path, body] of paths) {
      const res = method === 'get' ? await visitor.get(path) : await visitor.post(path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
  });

  it('holds a Free account to 5 test calls a month: the 5th is accepted, the 6th refused with an upgrade link, next month accepted again', async () => {
    const dana = await owner();
    const { discoveryId, a } = await twoBusinesses(dana);
    const paths = [
      () => callTo(dana, discoveryId, a.id),
      () => dana.post('/api/call-management/initiate-realtime/', { discovery_id: discoveryId, place_result_id: a.id }),
      () => dana.post('/api/call-management/calls/', { business_discovery: discoveryId, to_number: a.international_phone_number ?? a.phone_number }),
      () => callTo(dana, discoveryId, a.id),
      () => callTo(dana, discoveryId, a.id),
    ];
    for (const start of paths) expect((await start()).status).toBe(201);

    const sixth = await callTo(dana, discoveryId, a.id);
    expect(sixth.status).toBe(403);
    expect(sixth.body).toEqual({
      error: 'plan_limit_reached',
      detail: 'The Free plan allows 5 test calls per month; 5 were started this month.',
      user_message: "You've used all 5 test calls of your Free plan this month. Upgrade for more, or wait until next month.",
      plan: 'free',
      limit: 5,
      used: 5,
      upgrade: { feature: 'test-calls', url: '/upgrade?feature=test-calls' },
    });
    // Every other path that creates a call is held to the same allowance.
    expect((await dana.post('/api/call-management/mock-test-call/', {})).status).toBe(403);
    expect((await dana.post('/api/call-management/test-call/', { phone_number: a.phone_number })).status).toBe(403);
    expect((await dana.get('/api/call-management/calls/')).body.count).toBe(5);

    const plan = await dana.get('/api/users/plan/');
    expect(plan.body).toMatchObject({
      plan: { id: 'free', name: 'Free', price_per_month: 0, limits: { locations: 1, test_calls_per_month: 5 } },
      premium_access: false,
      usage: { month: '2026-11', test_calls: 5, locations: 1, resets_at: '2026-12-01T00:00:00.000Z' },
    });
    expect(plan.body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'pro', 'enterprise']);

    clock.at = new Date('2026-12-01T00:00:01Z');
    expect((await callTo(dana, discoveryId, a.id)).status).toBe(201);
    expect((await dana.get('/api/users/plan/')).body.usage).toMatchObject({ month: '2026-12', test_calls: 1 });
  });

  it('lets only one of several calls racing for the last allowance through', async () => {
    const max = await owner();
    const { discoveryId, a } = await twoBusinesses(max);
    for (let i = 0; i < 4; i++) expect((await callTo(max, discoveryId, a.id)).status).toBe(201);
    const raced = await Promise.all([1, 2, 3].map(() => callTo(max, discoveryId, a.id)));
    expect(raced.map((res) => res.status).sort()).toEqual([201, 403, 403]);
    expect((await max.get('/api/call-management/calls/')).body.count).toBe(5);
  });

  it('holds a Free account to one location until an operator assigns Pro from the command line', async () => {
    const lee = await owner();
    const { discoveryId, a, b } = await twoBusinesses(lee);
    expect((await callTo(lee, discoveryId, a.id)).status).toBe(201);
    const second = await callTo(lee, discoveryId, b.id);
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ error: 'plan_limit_reached', limit: 1, used: 1, upgrade: { feature: 'locations', url: '/upgrade?feature=locations' } });
    const save = await lee.post('/api/users/locations/save/', { place_search_result_id: b.id });
    expect(save.status).toBe(403);
    expect(save.body.upgrade.feature).toBe('locations');
    // A refused call spends nothing.
    expect((await lee.get('/api/users/plan/')).body.usage).toMatchObject({ test_calls: 1, locations: 1 });

    const { stdout } = await run(process.execPath, [plansCli, 'assign', lee.email, 'pro', '--by', 'ops-test', '--reason', 'pilot'], {
      env: isolatedEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    });
    expect(stdout).toContain(`${lee.userId} is now on the pro plan`);
    await eventually('the server to see the new plan', async () => (await lee.get('/api/users/plan/')).body.plan.id, { until: (id) => id === 'pro' });
    expect((await callTo(lee, discoveryId, b.id)).status).toBe(201);
    expect((await lee.get('/api/users/locations/')).body.count).toBe(2);
  });

  it('lists the businesses called, counts each call, filters, favourites, and shows each one’s history', async () => {
    const kim = await owner();
    const { discoveryId, a } = await twoBusinesses(kim);
    const first = await callTo(kim, discoveryId, a.id);
    await settledCall((path) => kim.get(path), first.body.id);
    const second = await callTo(kim, discoveryId, a.id);
    await settledCall((path) => kim.get(path), second.body.id);

    const list = await kim.get('/api/users/locations/');
    expect(list.body.count).toBe(1);
    const [location] = list.body.results;
    expect(location).toMatchObject({
      id: expect.stringMatching(/^loc_/),
      is_favorite: false,
      interaction_type: 'called',
      interaction_count: 2,
      call_count: 2,
      place_search_result: { id: a.id, discovery_id: discoveryId, place_id: a.place_id, name: a.name, address: a.address, rating: a.rating, rating_count: a.rating_count, business_types: a.business_types, business_status: a.business_status },
    });
    expect((await kim.get('/api/users/locations/?interaction_type=saved')).body.count).toBe(0);
    expect((await kim.get('/api/users/locations/?interaction_type=called')).body.count).toBe(1);
    expect((await kim.get('/api/users/locations/?favorites_only=true')).body.count).toBe(0);

    const toggled = await kim.post(`/api/users/locations/${location.id}/toggle-favorite/`);
    expect(toggled.status).toBe(200);
    expect(toggled.body.is_favorite).toBe(true);
    expect((await kim.get('/api/users/locations/?favorites_only=true')).body.results.map((l: { id: string }) => l.id)).toEqual([location.id]);

    const history = await kim.get(`/api/users/locations/${location.id}/history/`);
    expect(history.body.calls.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
    for (const point of history.body.calls) {
      expect(point).toMatchObject({ status: expect.any(String), attempts: expect.any(Number) });
      if (point.connection_status === 'answered') expect(point.time_to_answer_ms).toBeGreaterThan(0);
    }

    const summary = await kim.get('/api/users/locations/summary/');
    expect(summary.body).toEqual({
      firstCall: { id: first.body.id, business_name: a.name, created_at: expect.any(String) },
      totalCalls: 2,
      completedCalls: expect.any(Number),
      inProgressCalls: 0,
      recentCallActivity: 2,
    });
    expect(summary.body.completedCalls).toBe(history.body.calls.filter((c: { status: string }) => c.status === 'completed').length);

    // Another user learns nothing of it.
    const stranger = await owner();
    expect((await stranger.post(`/api/users/locations/${location.id}/toggle-favorite/`)).status).toBe(404);
    expect((await stranger.get(`/api/users/locations/${location.id}/history/`)).status).toBe(404);
    expect((await stranger.get('/api/users/locations/')).body.count).toBe(0);
    expect((await kim.get('/api/users/locations/?favorites_only=true')).body.count).toBe(1);
  });

  it('saves a search result once, ticks add-location, and refuses bad input naming the field', async () => {
    const ana = await owner();
    const { a } = await twoBusinesses(ana);
    expect((await ana.get('/api/users/onboarding-progress/')).body.completedSteps).not.toContain('add-location');

    const saved = await ana.post('/api/users/locations/save/', { place_search_result_id: a.id, notes: 'Our front desk', favorite: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ interaction_type: 'saved', interaction_count: 1, call_count: 0, is_favorite: true, notes: 'Our front desk' });
    const again = await ana.post('/api/users/locations/save/', { place_search_result_id: a.id, interaction_type: 'viewed' });
    expect(again.body).toMatchObject({ id: saved.body.id, interaction_type: 'viewed', interaction_count: 2 });
    expect((await ana.get('/api/users/onboarding-progress/')).body.completedSteps).toContain('add-location');

    const bad: Array<[object, number, string]> = [
      [{}, 400, 'place_search_result_id'],
      [{ place_search_result_id: 'plsr_nope' }, 400, 'place_search_result_id'],
      [{ place_search_result_id: `plsr_${randomUUID()}` }, 404, 'place_search_result_id'],
      [{ place_search_result_id: a.id, interaction_type: 'called' }, 400, 'interaction_type'],
      [{ place_search_result_id: a.id, favorite: 'yes' }, 400, 'favorite'],
      [{ place_search_result_id: a.id, metadata: 'x' }, 400, 'metadata'],
    ];
    for (const [body, status, field] of bad) {
      const res = await ana.post('/api/users/locations/save/', body);
      expect({ body, status: res.status, detail: res.body.detail }).toEqual({ body, status, detail: expect.stringContaining(field) });
    }
    expect((await ana.get('/api/users/locations/?interaction_type=called')).status).toBe(200);
    expect((await ana.get('/api/users/locations/?interaction_type=visited')).status).toBe(400);
    expect((await ana.get('/api/users/locations/?favorites_only=maybe')).status).toBe(400);
    expect((await ana.post('/api/users/locations/not-an-id/toggle-favorite/')).status).toBe(400);
  });

  it("brings a visitor's called businesses along when it signs up, spending none of the plan", async () => {
    const browser = await newVisitor(t.app);
    const { discoveryId, a } = await twoBusinesses(browser);
    const call = await callTo(browser, discoveryId, a.id);
    expect(call.status).toBe(201);
    const sam = await owner(browser);
    const linked = await sam.post('/api/users/link-anonymous/', { anon_id: browser.anonId, conversion_source: 'signup' });
    expect(linked.body.migration_stats.calls).toBe(1);
    const list = await sam.get('/api/users/locations/');
    expect(list.body.results).toEqual([expect.objectContaining({ interaction_type: 'called', call_count: 1, place_search_result: expect.objectContaining({ id: a.id }) })]);
    expect((await sam.get('/api/users/plan/')).body.usage).toMatchObject({ test_calls: 0, locations: 1 });
  });

  it('creates business profiles with every field checked, the phone in E.164, and lists only the caller’s own', async () => {
    const ray = await owner();
    const created = await ray.post('/api/business/profiles/', {
      name: '  Harbor Dental ',
      address: '12 Harbor St, Portland, ME',
      phone: '(207) 555-0143',
      email: 'Owner@HarborDental.example',
      website: 'harbordental.example',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^bizp_/),
      name: 'Harbor Dental',
      address: '12 Harbor St, Portland, ME',
      phone: '+12075550143',
      email: 'owner@harbordental.example',
      website: 'https://harbordental.example',
      created_at: expect.any(String),
    });
    const bad: Array<[object, string]> = [
      [{ phone: '2075550143' }, 'name'],
      [{ name: 'X', phone: '12345' }, 'phone'],
      [{ name: 'X' }, 'phone'],
      [{ name: 'X', phone: '2075550143', email: 'not-an-email' }, 'email'],
      [{ name: 'X', phone: '2075550143', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'X', phone: '2075550143', website: 'http://' }, 'website'],
    ];
    for (const [body, field] of bad) {
      const res = await ray.post('/api/business/profiles/', body);
      expect({ body, status: res.status, fields: Object.keys(res.body.fields ?? {}) }).toEqual({ body, status: 400, fields: [field] });
    }
    expect((await ray.get('/api/business/profiles/')).body.results.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
    expect((await (await owner()).get('/api/business/profiles/')).body.count).toBe(0);
  });
});
