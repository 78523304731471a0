import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { isolatedEnv } from './isolated-env';
import { completedDiscovery, settledCall } from './settled';
import { newVisitor, signUpIn, startTestApp, TEST_PASSWORD, type TestApp, type TestVisitor } from './test-app';

const run = promisify(execFile);
const rolesCli = join(__dirname, '../dist/cli/roles-cli.js');
const REPORT = '/api/analytics/conversion/';

describe('conversion report API', () => {
  let t: TestApp;
  let dataDir: string;
  const roles = (...args: string[]) => run(process.execPath, [rolesCli, ...args], { env: isolatedEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });

  /** A browser arriving from `referrer`, with or without analytics consent. */
  async function visitor(referrer: string | null, consent: boolean | null): Promise<TestVisitor> {
    return newVisitor(t.app, { referrer, gdpr_consent: consent });
  }

  async function searchAndCall(browser: TestVisitor, call: boolean): Promise<void> {
    const created = await browser.post('/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
    expect(created.status).toBe(201);
    const results = await completedDiscovery((path) => browser.get(path), created.body.id);
    if (!call) return;
    const placed = await browser.post('/api/call-management/secret-shopper-call/', { discovery_id: created.body.id, place_result_id: results.place_search_results[0].id });
    expect(placed.status).toBe(201);
    await settledCall((path) => browser.get(path), placed.body.id);
  }

  // The analyst's own browser is a visitor too: it arrived without consent and signed up without linking.
  let analyst: { browser: TestVisitor; auth: { Authorization: string }; email: string };
  let customer: { browser: TestVisitor; auth: { Authorization: string }; email: string };
  const asAnalyst = (query = '') => analyst.browser.get(`${REPORT}${query}`).set(analyst.auth);

  beforeAll(async () => {
    dataDir = join(tmpdir(), `ringcheck-conversion-${randomUUID()}`);
    t = await startTestApp({ DATA_DIR: dataDir, SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', ...HIGH_LIMITS });

    // From a search engine, with consent: searches, calls, signs up and links as the web app does.
    const fromSearch = await visitor('https://www.google.com/search?q=dentist', true);
    await searchAndCall(fromSearch, true);
    const email = `customer-${randomUUID()}@example.com`;
    const account = await signUpIn(fromSearch, { email });
    const link = await fromSearch.post('/api/users/link-anonymous/', { anon_id: fromSearch.anonId, conversion_source: 'signup' }).set(account.auth);
    expect(link.status).toBe(200);
    customer = { browser: fromSearch, auth: account.auth, email };

    // Without consent, nothing of its referrer is kept: it searches only.
    await searchAndCall(await visitor('https://news.example/', false), false);
    // With consent and no referrer: direct, does nothing.
    await visitor(null, true);
    // The same customer on a second browser: it signs in and links, claiming a sign-up. Not a new customer.
    const secondBrowser = await visitor('https://m.facebook.com/', true);
    const signedIn = await secondBrowser.post('/api/auth/sign-in/', { email, password: TEST_PASSWORD });
    expect(signedIn.status).toBe(200);
    const relink = await secondBrowser.post('/api/users/link-anonymous/', { anon_id: secondBrowser.anonId, conversion_source: 'signup' }).set({ Authorization: `Bearer ${signedIn.body.access_token}` });
    expect(relink.status).toBe(200);

    const analystBrowser = await visitor(null, null);
    const analystEmail = `analyst-${randomUUID()}@example.com`;
    analyst = { browser: analystBrowser, auth: (await signUpIn(analystBrowser, { email: analystEmail })).auth, email: analystEmail };
  }, 60_000);
  afterAll(() => t.close());

  it('is for analysts: 401 signed out, 403 with a clear message for a user without the role', async () => {
    const signedOut = await t.agent.get(REPORT);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toBe('authentication_required');
    const notAnalyst = await customer.browser.get(REPORT).set(customer.auth);
    expect(notAnalyst.status).toBe(403);
    expect(notAnalyst.body).toMatchObject({ error: 'analyst_role_required', user_message: expect.stringContaining('analyst role') });
    expect((await asAnalyst()).status).toBe(403);
  });

  it('opens to a user an operator made an analyst from the command line', async () => {
    const { stdout } = await roles('grant', analyst.email, 'analyst', '--by', 'ops-test', '--reason', 'conversion review');
    expect(stdout).toMatch(/is now an analyst \(position \d+\)/);
    expect((await roles('grant', analyst.email, 'analyst')).stdout).toContain('already had the analyst role');
    await eventually('the server to see the role', async () => (await asAnalyst()).status, { until: (status) => status === 200 });
    expect((await analyst.browser.get('/api/auth/me/').set(analyst.auth)).body.roles).toEqual(['analyst']);
  });

  it('counts the funnel, the time to convert, the weeks and the sources of today’s visitors', async () => {
    const res = await asAnalyst();
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const report = res.body;
    expect(report.to).toBe(today);
    // The default range, 84 days ending today, touches 13 ISO weeks, or exactly 12 when today is a Sunday.
    expect(report.weeks).toHaveLength(new Date(`${today}T00:00:00Z`).getUTCDay() === 0 ? 12 : 13);
    // Five visitors: the customer's two browsers, the one without consent, the direct one and the analyst's own.
    expect(report.funnel).toEqual({ visitors: 5, searched: 2, called: 1, signed_up: 1 });
    expect(report.time_to_conversion).toEqual([
      { bucket: '<1h', visitors: 1 },
      { bucket: '1-24h', visitors: 0 },
      { bucket: '1-7d', visitors: 0 },
      { bucket: '7-30d', visitors: 0 },
      { bucket: '>30d', visitors: 0 },
    ]);
    expect(report.median_hours_to_conversion).toBeGreaterThanOrEqual(0);
    expect(report.median_hours_to_conversion).toBeLessThan(0.1);
    expect(report.weeks.at(-1)).toMatchObject({ visitors: 5, searched: 2, called: 1, signed_up: 1 });
    expect(report.weeks.slice(0, -1).every((week: { visitors: number }) => week.visitors === 0)).toBe(true);
    expect(report.sources).toEqual([
      { source: 'undisclosed', visitors: 2, searched: 1, called: 0, signed_up: 0 },
      { source: 'direct', visitors: 1, searched: 0, called: 0, signed_up: 0 },
      { source: 'google.com', visitors: 1, searched: 1, called: 1, signed_up: 1 },
      { source: 'm.facebook.com', visitors: 1, searched: 0, called: 0, signed_up: 0 },
    ]);
    expect(report.as_of.position).toBeGreaterThan(0);
    expect(Date.parse(report.as_of.occurred_at)).toBeLessThanOrEqual(Date.now());
  });

  it('answers as of a past position with the figures the report had then', async () => {
    const before = (await asAnalyst()).body;
    await visitor('https://www.bing.com/', true);
    const after = await eventually('the new visitor to be counted', async () => (await asAnalyst()).body, { until: (r) => r.funnel?.visitors === 6 });
    expect(after.as_of.position).toBeGreaterThan(before.as_of.position);

    const replayed = await asAnalyst(`?as_of_position=${before.as_of.position}`);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(before);
    const byTime = await asAnalyst(`?as_of=${encodeURIComponent(before.as_of.occurred_at)}`);
    expect(byTime.body.funnel).toEqual(before.funnel);
    expect(byTime.body.as_of.position).toBeGreaterThanOrEqual(before.as_of.position);
    expect(byTime.body.as_of.position).toBeLessThan(after.as_of.position);
  });

  it('clamps an as-of in the future to now, and reads a range in the past as empty', async () => {
    const future = await asAnalyst('?as_of=2999-01-01T00:00:00Z');
    expect(future.status).toBe(200);
    expect(future.body.funnel.visitors).toBe(6);
    const past = await asAnalyst('?from=2024-01-01&to=2024-01-31');
    expect(past.body).toMatchObject({ from: '2024-01-01', to: '2024-01-31', funnel: { visitors: 0, searched: 0, called: 0, signed_up: 0 }, median_hours_to_conversion: null });
    expect(past.body.weeks.map((w: { week: string }) => w.week)).toEqual(['2024-01-01', '2024-01-08', '2024-01-15', '2024-01-22', '2024-01-29']);
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?from=2026-11-02&to=2026-11-01', 'from'],
    ['?from=2023-01-01&to=2026-01-01', 'to'],
    ['?to=yesterday', 'to'],
    ['?as_of=soon', 'as_of'],
    ['?as_of_position=-4', 'as_of_position'],
    ['?as_of=2026-01-01&as_of_position=4', 'as_of_position'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await asAnalyst(query);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
  });

  it('is closed again once the role is revoked', async () => {
    expect((await roles('revoke', analyst.email, 'analyst', '--by', 'ops-test')).stdout).toContain('is no longer an analyst');
    await eventually('the server to see the revocation', async () => (await asAnalyst()).status, { until: (status) => status === 403 });
  });
});
