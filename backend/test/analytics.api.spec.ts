import request from 'supertest';
import { type TestApp, startTestApp } from './test-app';

const visit = {
  fingerprint: 'fp-0123456789abcdef',
  screen_resolution: '1920x1080',
  timezone: 'America/New_York',
  language: 'en-US',
  referrer: 'https://example.com/',
  gdpr_consent: null,
};

describe('analytics API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Each call is a browser of its own unless `browser` (a cookie jar) is given. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, browser = request.agent(t.app.getHttpServer())) =>
    browser.post(path).set('Cookie', `csrftoken=${t.csrf}`).set('X-CSRFToken', t.csrf).set(headers).send(body as object);

  describe('POST /api/analytics/track-user/', () => {
    it('issues an anon_ id on a first visit and answers from the read model', async () => {
      const res = await post('/api/analytics/track-user/', visit);
      expect(res.status).toBe(200);
      expect(res.body.anon_id).toMatch(/^anon_[0-9a-f-]{36}$/);
      expect(res.body.visit_count).toBe(1);
    });

    it('proves the id with an httpOnly cookie, keeps it for that browser and counts the return visit', async () => {
      const browser = request.agent(t.app.getHttpServer());
      const first = await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-returning-visitor' }, {}, browser);
      const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('rc_visitor='));
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toContain(first.body.anon_id);
      const again = await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-returning-visitor', anon_id: first.body.anon_id }, {}, browser);
      expect(again.body).toMatchObject({ anon_id: first.body.anon_id, visit_count: 2, linkable_anon_ids: [first.body.anon_id] });
      // Storage cleared: the cookie still proves the visitor.
      expect((await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-returning-visitor' }, {}, browser)).body.anon_id).toBe(first.body.anon_id);
    });

    it('never hands another browser an earlier id, by fingerprint or by naming it', async () => {
      const first = await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-shared-device' });
      const sameFingerprint = await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-shared-device' });
      expect(sameFingerprint.body.anon_id).not.toBe(first.body.anon_id);
      const named = await post('/api/analytics/track-user/', { ...visit, anon_id: first.body.anon_id }, { 'X-Anonymous-ID': first.body.anon_id });
      expect(named.status).toBe(200);
      expect(named.body.anon_id).not.toBe(first.body.anon_id);
      expect(named.body.visit_count).toBe(1);
      const forged = await post('/api/analytics/track-user/', { ...visit, anon_id: first.body.anon_id }, { Cookie: `csrftoken=${t.csrf}; rc_visitor=v1.x.y` });
      expect(forged.body.anon_id).not.toBe(first.body.anon_id);
    });

    it('rejects bad input with 400 naming each field', async () => {
      const res = await post('/api/analytics/track-user/', { ...visit, screen_resolution: 'huge', anon_id: 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab', extra: 1 });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(['extra', 'screen_resolution']);
      const wrongPrefix = await post('/api/analytics/track-user/', { ...visit, anon_id: 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab' });
      expect(wrongPrefix.status).toBe(400);
      expect(wrongPrefix.body.fields.anon_id[0]).toMatch(/prefix mismatch/i);
      // Only the visitor id is needed: a browser without analytics consent sends no device facts.
      expect((await post('/api/analytics/track-user/', {})).status).toBe(200);
      const short = await post('/api/analytics/track-user/', { fingerprint: 'fp', timezone: 'x'.repeat(65) });
      expect(short.status).toBe(400);
      expect(Object.keys(short.body.fields).sort()).toEqual(['fingerprint', 'timezone']);
    });

    it('rejects wrongly typed and malformed bodies without a 500', async () => {
      expect((await post('/api/analytics/track-user/', { ...visit, gdpr_consent: 'yes' })).status).toBe(400);
      const malformed = await t.agent
        .post('/api/analytics/track-user/')
        .set('X-CSRFToken', t.csrf)
        .set('Content-Type', 'application/json')
        .send('{"fingerprint":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toBe('invalid_json');
    });

    it('refuses a POST without the CSRF header', async () => {
      const res = await t.agent.post('/api/analytics/track-user/').send(visit);
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/analytics/gdpr-consent/', () => {
    it('records consent for the visitor the browser proves', async () => {
      const browser = request.agent(t.app.getHttpServer());
      const { body } = await post('/api/analytics/track-user/', { ...visit, fingerprint: 'fp-consenting' }, {}, browser);
      const res = await post('/api/analytics/gdpr-consent/', { consent: true }, { 'X-Anonymous-ID': body.anon_id }, browser);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ anon_id: body.anon_id, consent: true });
      expect(res.body.updated_at).toEqual(expect.any(String));
      expect((await post('/api/analytics/gdpr-consent/', { consent: false, anon_id: body.anon_id }, {}, browser)).body.consent).toBe(false);
    });

    it('refuses consent for a visitor the browser does not prove, and answers 400 without any id', async () => {
      const { body } = await post('/api/analytics/track-user/', visit);
      const someoneElses = await post('/api/analytics/gdpr-consent/', { consent: true, anon_id: body.anon_id }, { 'X-Anonymous-ID': body.anon_id });
      expect(someoneElses.status).toBe(403);
      expect(someoneElses.body.fields).toHaveProperty('anon_id');
      expect((await post('/api/analytics/gdpr-consent/', { consent: true, anon_id: 'anon_0b6c9f3e-1234-4abc-8def-0123456789ab' })).status).toBe(403);
      const res = await post('/api/analytics/gdpr-consent/', { consent: true });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('anon_id');
      expect((await post('/api/analytics/gdpr-consent/', { consent: 'maybe', anon_id: 'anon_x' })).status).toBe(400);
    });
  });

  describe('POST /api/analytics/track-event/', () => {
    it('records an event of a visitor who consented to analytics', async () => {
      const browser = request.agent(t.app.getHttpServer());
      await post('/api/analytics/track-user/', { gdpr_consent: true }, {}, browser);
      const res = await post('/api/analytics/track-event/', {
        event_type: 'track',
        event_name: 'Business Search',
        event_data: { query: 'Pizza Palace', location: 'New York, NY' },
        url: 'http://localhost/',
        timestamp: new Date().toISOString(),
      }, {}, browser);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ recorded: true, event_id: expect.any(String) });
    });

    it('rejects missing names, bad timestamps and oversized data', async () => {
      expect((await post('/api/analytics/track-event/', { event_type: 'track' })).body.fields).toHaveProperty('event_name');
      expect((await post('/api/analytics/track-event/', { event_type: 'track', event_name: 'x', timestamp: 'yesterday' })).body.fields).toHaveProperty('timestamp');
      const big = await post('/api/analytics/track-event/', { event_type: 'track', event_name: 'x', event_data: { blob: 'x'.repeat(20_000) } });
      expect(big.status).toBe(400);
      expect(big.body.fields).toHaveProperty('event_data');
    });
  });

  describe('GET endpoints', () => {
    it('answers the shipped feature flags, with premium access off', async () => {
      const res = await t.agent.get('/api/analytics/feature-flags/');
      expect(res.status).toBe(200);
      expect(res.body.flags.premium_access).toEqual({ enabled: false, config: {} });
      expect(res.body.flags.realtime_updates.enabled).toBe(true);
    });

    it('answers the caller’s rate-limit status', async () => {
      const res = await t.agent.get('/api/analytics/rate-limits/');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: expect.stringMatching(/^rate_/), limit: 120, window_seconds: 60 });
      expect(res.body.remaining).toBeLessThan(120);
    });

    it('answers health with every port’s adapter', async () => {
      const res = await t.agent.get('/api/health');
      expect(res.body.status).toBe('ok');
      expect(res.body.ports.event_store).toMatchObject({ adapter: 'sqlite', state: 'up' });
      expect(res.body.ports.read_store).toMatchObject({ adapter: 'embedded', state: 'up' });
      expect(res.body.projections.lag).toBe(0);
    });

    it('answers unknown API paths with a 404 error body', async () => {
      const res = await t.agent.get('/api/nothing-here/');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'not_found' });
    });

    it('serves the OpenAPI document', async () => {
      const res = await t.agent.get('/api/docs-json');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/analytics/track-user', '/api/health']));
    });
  });
});
