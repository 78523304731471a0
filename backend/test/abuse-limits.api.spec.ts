import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type TestApp, type TestVisitor, newVisitor, startTestApp } from './test-app';

const DAY = 24 * 3600;

describe('abuse limits of searches and calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      TRUSTED_PROXIES: 'loopback',
      SANDBOX_TIME_SCALE: '0.01',
      SANDBOX_RECORDING_SPEECH: 'off',
      SEARCH_RATE_LIMIT_PER_MINUTE: '2',
      CALL_RATE_LIMIT_PER_MINUTE: '5',
      ANONYMOUS_CALLS_PER_DAY: '2',
      ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: '3',
      USER_CALLS_PER_DAY: '3',
    });
  });
  afterAll(() => t.close());

  /** A request of `visitor`'s browser, reaching the app through a proxy from `address`. */
  const post = (visitor: TestVisitor, address: string, path: string, body: object = {}, headers: Record<string, string> = {}) =>
    visitor.post(path, body).set({ 'X-Forwarded-For': address, ...headers });
  const mockCall = (visitor: TestVisitor, address: string, headers?: Record<string, string>) =>
    post(visitor, address, '/api/call-management/mock-test-call/', {}, headers);

  it('takes the client address from X-Forwarded-For only when a trusted proxy sent it', async () => {
    const idFrom = async (app: TestApp, address: string) =>
      (await request(app.app.getHttpServer()).get('/api/analytics/rate-limits/').set('X-Forwarded-For', address)).body.id;
    expect(await idFrom(t, '203.0.113.1')).not.toBe(await idFrom(t, '203.0.113.2'));
    expect(await idFrom(t, '203.0.113.1')).toBe(await idFrom(t, '203.0.113.1'));

    const untrusting = await startTestApp();
    try {
      expect(await idFrom(untrusting, '203.0.113.1')).toBe(await idFrom(untrusting, '203.0.113.2'));
    } finally {
      await untrusting.close();
    }
  });

  it('limits searches on their own', async () => {
    const visitor = await newVisitor(t.app);
    const address = '198.51.100.1';
    const search = () => post(visitor, address, '/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
    expect((await search()).status).toBe(201);
    expect((await search()).status).toBe(201);
    const limited = await search();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visitor.get('/api/discoveries/').set('X-Forwarded-For', address)).status).toBe(200);
    expect((await post(await newVisitor(t.app), '198.51.100.2', '/api/discoveries/', { business_name: 'Pizza Palace', location: 'Austin, TX' })).status).toBe(201);
  });

  it('limits every request leading to a call, per address and per visitor; refused ones cost no call', async () => {
    const visitor = await newVisitor(t.app);
    for (let i = 0; i < 5; i++) expect((await post(visitor, '198.51.100.20', '/api/call-management/mock-test-call/', { extra: i })).status).toBe(400);
    const limited = await mockCall(visitor, '198.51.100.20');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited', user_message: expect.stringMatching(/^You're sending requests too quickly/) });
    expect((await mockCall(visitor, '198.51.100.21')).status).toBe(429);
    expect((await mockCall(await newVisitor(t.app), '198.51.100.21')).status).toBe(201);
  });

  it('gives a visitor a few calls a day, then asks it to sign up; a failed start costs nothing', async () => {
    const visitor = await newVisitor(t.app);
    const unknown = await post(visitor, '198.51.100.30', '/api/call-management/secret-shopper-call/', { discovery_id: `disc_${randomUUID()}` });
    expect(unknown.status).toBe(404);
    expect((await mockCall(visitor, '198.51.100.30')).status).toBe(201);
    expect((await mockCall(visitor, '198.51.100.30')).status).toBe(201);
    const refused = await mockCall(visitor, '198.51.100.30');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'call_quota_exceeded',
      detail: 'The quota of 2 test calls per day for visitors who are not signed in is used up.',
      user_message: "You've used your 2 free test calls for today. Sign up for a free account to run more.",
      signup_required: true,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(DAY);
  });

  it('caps the calls of all visitors from one address together', async () => {
    const address = '198.51.100.40';
    const first = await newVisitor(t.app);
    const second = await newVisitor(t.app);
    expect((await mockCall(first, address)).status).toBe(201);
    expect((await mockCall(first, address)).status).toBe(201);
    expect((await mockCall(second, address)).status).toBe(201);
    const refused = await mockCall(await newVisitor(t.app), address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'call_quota_exceeded', signup_required: true, user_message: expect.stringMatching(/^Today's free test calls from your network are used up/) });
  });

  it('gives a signed-in user a larger quota of their own, with its own message', async () => {
    const browser = await newVisitor(t.app);
    const address = '198.51.100.50';
    const signedUp = await post(browser, address, '/api/auth/sign-up/', { email: `quota-${randomUUID()}@example.com`, password: 'correct-Horse-battery-9' });
    expect(signedUp.status).toBe(201);
    const auth = { Authorization: `Bearer ${signedUp.body.access_token}` };
    for (let i = 0; i < 3; i++) expect((await mockCall(browser, address, auth)).status).toBe(201);
    const refused = await mockCall(browser, address, auth);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'call_quota_exceeded',
      detail: 'The quota of 3 test calls per day is used up. Try again in 24 hours.',
      user_message: "You've used all 3 of your test calls for today. You can start more in 24 hours.",
      signup_required: false,
    });
  });
});
