import { randomUUID } from 'node:crypto';
import type { AnalyticsMessage, EventStore } from '@ringcheck/projections';
import request from 'supertest';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { HIGH_LIMITS } from './high-limits';
import { type TestApp, type TestVisitor, newVisitor, signUpIn, startTestApp } from './test-app';

const at = '2026-11-22T10:00:00.000Z';
const track = (event: string, properties: Record<string, unknown> = {}, extra: Partial<AnalyticsMessage> = {}): AnalyticsMessage => ({
  type: 'track',
  messageId: randomUUID(),
  timestamp: at,
  event,
  properties,
  ...extra,
});
const batchOf = (...messages: object[]) => ({ batch: messages, sentAt: at });

describe('POST /api/analytics/batch/', () => {
  let t: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp(HIGH_LIMITS);
    store = t.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(() => t.close());

  const stored = async (subjectId: string) => store.readStream(`analytics-${subjectId}`);
  const consenting = async () => {
    const visitor = await newVisitor(t.app);
    expect((await visitor.post('/api/analytics/gdpr-consent/', { consent: true })).status).toBe(200);
    return visitor;
  };
  const send = (visitor: TestVisitor, body: object, headers: Record<string, string> = {}) =>
    visitor.post('/api/analytics/batch/', body).set(headers);

  describe('with consent', () => {
    it('records each message as one event with the message id, in one append to the visitor’s stream', async () => {
      const visitor = await consenting();
      const search = track('Business Search', { query: 'Pizza Palace', location: 'New York, NY', resultsCount: 4 });
      const page: AnalyticsMessage = {
        type: 'page',
        messageId: randomUUID(),
        timestamp: at,
        name: 'Home',
        properties: {},
        context: { page: { path: '/', url: 'http://localhost/?utm_source=newsletter', referrer: 'https://news.example/', title: 'Ringcheck' }, campaign: { source: 'newsletter', medium: 'email' } },
      };
      const identify: AnalyticsMessage = { type: 'identify', messageId: randomUUID(), timestamp: at, traits: { firstName: 'Dana', conversion_source: 'signup' } };
      const res = await send(visitor, batchOf(search, page, identify));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accepted: 3, dropped: 0 });

      const events = await stored(visitor.anonId);
      expect(events.map((e) => e.id)).toEqual([search.messageId, page.messageId, identify.messageId]);
      expect(new Set(events.map((e) => e.position)).size).toBe(3);
      expect(events.every((e) => e.type === 'AnalyticsEventTracked' && e.metadata.correlationId === events[0].metadata.correlationId)).toBe(true);
      expect(events[0].data).toEqual({
        subjectId: visitor.anonId,
        eventType: 'track',
        eventName: 'Business Search',
        eventData: { query: 'Pizza Palace', location: 'New York, NY', resultsCount: 4 },
        url: null,
        clientTimestamp: at,
        messageType: 'track',
      });
      expect(events[1].data).toMatchObject({
        eventType: 'page',
        eventName: 'Home',
        url: 'http://localhost/?utm_source=newsletter',
        page: { path: '/', referrer: 'https://news.example/', title: 'Ringcheck' },
        campaign: { source: 'newsletter', medium: 'email' },
      });
      expect(events[2].data).toMatchObject({ eventType: 'identify', traits: { firstName: 'Dana', conversion_source: 'signup' } });
    });

    it('masks phone numbers, cuts error messages and never stores secrets, whatever the browser sent', async () => {
      const visitor = await consenting();
      const error = track('Error Occurred', {
        errorType: 'api',
        errorMessage: `Could not call +1 (312) 555-0147: ${'x'.repeat(800)}`,
        token: 'eyJhbGciOi',
        email: 'dana@example.com',
      }, { context: { page: { url: 'http://localhost/reset?token=secret-value&step=2' } } });
      const identify: AnalyticsMessage = { type: 'identify', messageId: randomUUID(), timestamp: at, traits: { phone: '+13125550147', email: 'dana@example.com', password: 'x' } };
      expect((await send(visitor, batchOf(error, identify))).body).toEqual({ accepted: 2, dropped: 0 });
      const [errorEvent, identifyEvent] = await stored(visitor.anonId);
      const data = errorEvent.data as { eventData: Record<string, string>; url: string };
      expect(Object.keys(data.eventData).sort()).toEqual(['errorMessage', 'errorType']);
      expect(data.eventData.errorMessage).toHaveLength(500);
      expect(data.eventData.errorMessage.startsWith('Could not call +1 (31*) ***-****: xxx')).toBe(true);
      expect(data.url).toBe('http://localhost/reset?step=2');
      expect((identifyEvent.data as { traits: object }).traits).toEqual({ phone: '+131********' });
      expect(JSON.stringify(await stored(visitor.anonId))).not.toMatch(/dana@example|555-0147|secret-value|eyJhbGciOi/);
    });

    it('stores a retried batch once, and a retry re-batched around stored messages without repeating them', async () => {
      const visitor = await consenting();
      const [a, b, c] = [track('Funnel Step', { stepName: 'search', stepNumber: 1 }), track('Funnel Step', { stepName: 'select', stepNumber: 2 }), track('CTA Clicked')];
      expect((await send(visitor, batchOf(a, b))).body).toEqual({ accepted: 2, dropped: 0 });
      expect((await send(visitor, batchOf(a, b))).body).toEqual({ accepted: 2, dropped: 0 });
      expect((await send(visitor, batchOf(b, c))).body).toEqual({ accepted: 2, dropped: 0 });
      // The same id twice in one batch, in upper case the second time: one message.
      const d = track('Milestone Reached');
      expect((await send(visitor, batchOf(d, { ...d, messageId: d.messageId.toUpperCase() }))).body).toEqual({ accepted: 2, dropped: 0 });
      expect((await stored(visitor.anonId)).map((e) => e.id)).toEqual([a.messageId, b.messageId, c.messageId, d.messageId]);
    });

    it('takes batches larger than other requests may be, up to 500 kB', async () => {
      const visitor = await consenting();
      const messages = Array.from({ length: 20 }, (_, i) => track('Business Selected', { businessName: `Shop ${i}`, notes: 'n'.repeat(20_000) }));
      const res = await send(visitor, batchOf(...messages));
      expect(res.status).toBe(200);
      expect(res.body.accepted).toBe(20);
      expect(await stored(visitor.anonId)).toHaveLength(20);
      const tooBig = Array.from({ length: 30 }, () => track('Business Selected', { notes: 'n'.repeat(20_000) }));
      const refused = await send(visitor, batchOf(...tooBig));
      expect([400, 413]).toContain(refused.status);
    });

    it('files a signed-in user’s messages under the user, with the visitor of its browser', async () => {
      const visitor = await consenting();
      const { userId, auth } = await signUpIn(visitor);
      const message = track('Call Initiated', { businessId: 'plsr_1', callType: 'ai' });
      expect((await send(visitor, batchOf(message), auth)).body).toEqual({ accepted: 1, dropped: 0 });
      const [event] = await stored(userId);
      expect(event.data).toMatchObject({ subjectId: userId, anonId: visitor.anonId, eventName: 'Call Initiated' });
      expect(await stored(visitor.anonId)).toEqual([]);
    });
  });

  describe('without consent', () => {
    it('records nothing for a visitor who has not decided or declined, and answers 200 so nothing is retried', async () => {
      const undecided = await newVisitor(t.app);
      expect((await send(undecided, batchOf(track('Business Search'), track('CTA Clicked')))).body).toEqual({ accepted: 0, dropped: 2 });
      const declined = await newVisitor(t.app);
      await declined.post('/api/analytics/gdpr-consent/', { consent: false });
      const res = await send(declined, batchOf(track('Business Search')));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accepted: 0, dropped: 1 });
      expect(await stored(undecided.anonId)).toEqual([]);
      expect(await stored(declined.anonId)).toEqual([]);
    });

    it('stops recording from the moment consent is withdrawn, and resumes when it is given again', async () => {
      const visitor = await consenting();
      const first = track('Business Search');
      expect((await send(visitor, batchOf(first))).body.accepted).toBe(1);
      await visitor.post('/api/analytics/gdpr-consent/', { consent: false });
      expect((await send(visitor, batchOf(track('Business Search')))).body).toEqual({ accepted: 0, dropped: 1 });
      await visitor.post('/api/analytics/gdpr-consent/', { consent: true });
      const later = track('Call Initiated');
      expect((await send(visitor, batchOf(later))).body.accepted).toBe(1);
      expect((await stored(visitor.anonId)).map((e) => e.id)).toEqual([first.messageId, later.messageId]);
    });

    it('never takes the subject from the request: a stranger, a thief naming a visitor, and a body naming one are refused or dropped', async () => {
      const victim = await consenting();
      const stranger = await request(t.app.getHttpServer())
        .post('/api/analytics/batch/')
        .set('Cookie', `csrftoken=${t.csrf}`)
        .set('X-CSRFToken', t.csrf)
        .set('X-Anonymous-ID', victim.anonId)
        .send(batchOf(track('Business Search')));
      expect(stranger.body).toEqual({ accepted: 0, dropped: 1 });
      const thief = await newVisitor(t.app);
      await thief.post('/api/analytics/gdpr-consent/', { consent: true });
      const stolen = await thief.agent
        .post('/api/analytics/batch/')
        .set('X-CSRFToken', thief.csrf)
        .set('X-Anonymous-ID', victim.anonId)
        .send(batchOf(track('Business Search')));
      expect(stolen.body).toEqual({ accepted: 1, dropped: 0 });
      const named = await send(thief, batchOf({ ...track('Business Search'), anonymousId: victim.anonId, userId: 'user_0b6c9f3e-1234-4abc-8def-0123456789ab' }));
      expect(named.status).toBe(400);
      expect(Object.keys(named.body.fields).sort()).toEqual(['batch.0.anonymousId', 'batch.0.userId']);
      expect(await stored(victim.anonId)).toEqual([]);
      expect(await stored(thief.anonId)).toHaveLength(1);
    });

    it('drops a signed-in user’s messages when the browser’s visitor has not consented, or no visitor is proven', async () => {
      const visitor = await newVisitor(t.app);
      const { userId, auth } = await signUpIn(visitor);
      expect((await send(visitor, batchOf(track('User Logged In')), auth)).body).toEqual({ accepted: 0, dropped: 1 });
      const elsewhere = await request(t.app.getHttpServer())
        .post('/api/analytics/batch/')
        .set('Cookie', `csrftoken=${t.csrf}`)
        .set('X-CSRFToken', t.csrf)
        .set(auth)
        .send(batchOf(track('User Logged In')));
      expect(elsewhere.body).toEqual({ accepted: 0, dropped: 1 });
      expect(await stored(userId)).toEqual([]);
    });

    it('keeps track-event to the same rule', async () => {
      const undecided = await newVisitor(t.app);
      const dropped = await undecided.post('/api/analytics/track-event/', { event_type: 'track', event_name: 'Business Search' });
      expect(dropped.body).toEqual({ recorded: false, event_id: null });
      const visitor = await consenting();
      const recorded = await visitor.post('/api/analytics/track-event/', { event_type: 'track', event_name: 'Business Search', event_data: { query: 'call 312-555-0147' } });
      expect(recorded.body).toEqual({ recorded: true, event_id: expect.any(String) });
      const [event] = await stored(visitor.anonId);
      expect(event.data).toMatchObject({ messageType: 'track', eventData: { query: 'call 312-***-****' } });
      expect(await stored(undecided.anonId)).toEqual([]);
    });
  });

  describe('track-user before and after consent', () => {
    const device = { fingerprint: 'fp-0123456789abcdef', screen_resolution: '1920x1080', timezone: 'Europe/Paris', language: 'fr-FR', referrer: 'https://news.example/' };
    const visits = async (anonId: string) => (await store.readStream(`anonymous-${anonId}`)).filter((e) => e.type === 'VisitorTracked').map((e) => e.data);

    it('keeps only the visitor id until consent, even when the browser sends more', async () => {
      const agent = request.agent(t.app.getHttpServer());
      const bare = await agent.post('/api/analytics/track-user/').set('Cookie', `csrftoken=${t.csrf}`).set('X-CSRFToken', t.csrf).send({});
      expect(bare.status).toBe(200);
      const anonId = bare.body.anon_id as string;
      const again = await agent.post('/api/analytics/track-user/').set('X-CSRFToken', t.csrf).set('Cookie', `csrftoken=${t.csrf}`).send({ ...device, anon_id: anonId });
      expect(again.body.anon_id).toBe(anonId);
      for (const visit of await visits(anonId)) {
        expect(visit).toMatchObject({ fingerprintHash: null, screenResolution: null, timezone: null, language: null, referrer: null, userAgent: null });
      }
    });

    it('keeps the device facts with consent, and forgets them in the read model when consent is withdrawn', async () => {
      const visitor = await consenting();
      const res = await visitor.post('/api/analytics/track-user/', { ...device, anon_id: visitor.anonId });
      expect(res.body).toMatchObject({ anon_id: visitor.anonId, gdpr_consent: true });
      const last = (await visits(visitor.anonId)).at(-1);
      expect(last).toMatchObject({ timezone: 'Europe/Paris', referrer: 'https://news.example/', fingerprintHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const withdrawn = await visitor.post('/api/analytics/gdpr-consent/', { consent: false });
      expect(withdrawn.body.consent).toBe(false);
      const afterwards = await visitor.post('/api/analytics/track-user/', { ...device, anon_id: visitor.anonId });
      expect(afterwards.body.gdpr_consent).toBe(false);
      expect((await visits(visitor.anonId)).at(-1)).toMatchObject({ timezone: null, referrer: null, fingerprintHash: null, userAgent: null });
    });
  });

  describe('validation', () => {
    it('names each bad field of each message', async () => {
      const visitor = await consenting();
      const res = await send(
        visitor,
        batchOf(
          { type: 'screen', messageId: randomUUID(), timestamp: at },
          { type: 'track', messageId: 'not-a-uuid', timestamp: at, event: 'x' },
          { type: 'track', messageId: randomUUID(), timestamp: 'yesterday', event: 'x' },
          { type: 'track', messageId: randomUUID(), timestamp: at },
          { type: 'page', messageId: randomUUID(), timestamp: at, event: 'Home', traits: {} },
          { type: 'track', messageId: randomUUID(), timestamp: at, event: 'e'.repeat(201), properties: [] },
          { type: 'page', messageId: randomUUID(), timestamp: at, context: { page: { url: 7 }, campaign: { source: { nested: true } } } },
        ),
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(
        [
          'batch.0.type',
          'batch.1.messageId',
          'batch.2.timestamp',
          'batch.3.event',
          'batch.4.event',
          'batch.4.traits',
          'batch.5.event',
          'batch.5.properties',
          'batch.6.context.campaign',
          'batch.6.context.page.url',
        ].sort(),
      );
      expect(res.body.fields['batch.1.messageId']).toEqual(['messageId must be a UUID']);
      expect(await stored(visitor.anonId)).toEqual([]);
    });

    it('answers shapes no client would send with 400, never a server error', async () => {
      const visitor = await consenting();
      const ok = track('x');
      for (const body of [
        { batch: [null], sentAt: at },
        { batch: [1, 'two'], sentAt: at },
        { batch: 'all', sentAt: at },
        { batch: {}, sentAt: at },
        batchOf({ ...ok, context: [] }),
        batchOf({ ...ok, context: { page: [] } }),
        batchOf({ ...ok, context: { campaign: [] } }),
        batchOf({ ...ok, properties: 'text' }),
        batchOf({ ...ok, type: null }),
        batchOf({ ...ok, timestamp: 1732274400000 }),
      ]) {
        const res = await send(visitor, body);
        expect([res.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
      }
      const nulls = await send(visitor, batchOf({ ...ok, properties: null, context: { page: null, campaign: null } }));
      expect([200, 400]).toContain(nulls.status);
    });

    it('refuses an empty batch, more than 100 messages, an oversized message and a missing sentAt', async () => {
      const visitor = await consenting();
      expect((await send(visitor, batchOf())).body.fields).toHaveProperty('batch');
      expect((await send(visitor, batchOf(...Array.from({ length: 101 }, () => track('x'))))).body.fields).toHaveProperty('batch');
      const big = await send(visitor, batchOf(track('ok'), track('big', { blob: 'b'.repeat(40_000) })));
      expect(big.status).toBe(400);
      expect(big.body.fields).toHaveProperty(['batch.1']);
      expect((await send(visitor, { batch: [track('x')] })).body.fields).toHaveProperty('sentAt');
      expect(await stored(visitor.anonId)).toEqual([]);
    });
  });
});

describe('POST /api/analytics/batch/ past the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and X-RateLimit-Reset in seconds', async () => {
    const visitor = await newVisitor(t.app);
    let res: request.Response | undefined;
    for (let i = 0; i < 6 && res?.status !== 429; i++) res = await visitor.post('/api/analytics/batch/', batchOf(track('Business Search')));
    expect(res!.status).toBe(429);
    const reset = Number(res!.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(Number(res!.headers['retry-after'])).toBe(reset);
  });
});
