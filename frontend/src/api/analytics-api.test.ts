// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAnalyticsApi } from './analytics-api';
import { ApiClient } from './api-client';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

describe('analytics API', () => {
  it('posts the visitor payload to track-user and answers the anon_id', async () => {
    const stub = createFetchStub(() => jsonResponse(200, { anon_id: 'anon_1', visit_count: 1 }));
    const api = createAnalyticsApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t' }));
    const payload = {
      fingerprint: 'a'.repeat(32),
      screen_resolution: '390x844',
      timezone: 'Europe/Paris',
      language: 'fr-FR',
      referrer: null,
      gdpr_consent: true,
    };

    await expect(api.trackUser(payload)).resolves.toMatchObject({ anon_id: 'anon_1' });
    expect(stub.requests[0]).toMatchObject({ method: 'POST', url: '/api/analytics/track-user/', body: payload });
  });

  it('uses the spec paths for consent, flags and rate limits', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { anon_id: 'anon_1', consent: false, updated_at: null }),
      () => jsonResponse(200, { flags: { live_updates: { enabled: true, config: null } } }),
      () => jsonResponse(200, { remaining: 10 }),
    );
    const api = createAnalyticsApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t' }));

    await api.gdprConsent(false);
    const flags = await api.featureFlags();
    await api.rateLimits();

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/analytics/gdpr-consent/',
      'GET /api/analytics/feature-flags/',
      'GET /api/analytics/rate-limits/',
    ]);
    expect(stub.requests[0].body).toEqual({ consent: false });
    expect(flags).toEqual({ live_updates: { enabled: true, config: null } });
  });

  it('posts a batch to /api/analytics/batch/ with the CSRF header and answers any status as it came, without a rate-limit event', async () => {
    const events = new EventTarget();
    let rateLimitEvents = 0;
    events.addEventListener('ringcheck:rate-limit', () => (rateLimitEvents += 1));
    const seen: RequestInit[] = [];
    const stub = createFetchStub(() => jsonResponse(429, { error: 'rate_limited' }, { 'Retry-After': '3', 'RateLimit-Reset': '3' }));
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(init ?? {});
      return stub.fetch(input, init);
    };
    const api = createAnalyticsApi(new ApiClient({ fetch, cookies: () => 'csrftoken=t', events }));
    const batch = {
      batch: [{ type: 'track' as const, event: 'Business Search', messageId: '7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', timestamp: '2025-03-01T10:00:00.000Z' }],
      sentAt: '2025-03-01T10:00:01.000Z',
    };

    const response = await api.sendBatch(batch, { keepalive: true });

    expect(response.status).toBe(429);
    expect(response.headers.get('RateLimit-Reset')).toBe('3');
    expect(rateLimitEvents).toBe(0);
    expect(stub.requests[0]).toMatchObject({ method: 'POST', url: '/api/analytics/batch/', body: batch, credentials: 'include' });
    expect(stub.requests[0].headers['X-CSRFToken']).toBe('t');
    expect(seen[0].keepalive).toBe(true);
  });
});
