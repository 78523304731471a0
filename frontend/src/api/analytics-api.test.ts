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

  it('uses the spec paths for events, consent, flags and rate limits', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { recorded: true }),
      () => jsonResponse(200, { anon_id: 'anon_1', consent: false, updated_at: null }),
      () => jsonResponse(200, { flags: { live_updates: { enabled: true, config: null } } }),
      () => jsonResponse(200, { remaining: 10 }),
    );
    const api = createAnalyticsApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=t' }));

    await api.trackEvent({ event_type: 'page', event_name: 'Home', url: '/' });
    await api.gdprConsent(false);
    const flags = await api.featureFlags();
    await api.rateLimits();

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/analytics/track-event/',
      'POST /api/analytics/gdpr-consent/',
      'GET /api/analytics/feature-flags/',
      'GET /api/analytics/rate-limits/',
    ]);
    expect(stub.requests[1].body).toEqual({ consent: false });
    expect(flags).toEqual({ live_updates: { enabled: true, config: null } });
  });
});
