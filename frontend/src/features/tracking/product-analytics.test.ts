// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createAnalyticsApi } from '../../api/analytics-api';
import { ApiStub } from '../../test/api-stub';
import { createTestAnalytics } from '../../test/test-analytics';
import { memoryStorage } from '../anonymous/browser-storage';
import { ConsentStore } from '../consent/consent-store';
import { createBrowserAnalytics } from './browser-analytics';
import { funnelStep } from './product-events';

function setUp(consent: boolean | null, landingSearch = '') {
  const stub = new ApiStub();
  const app = createTestAnalytics(stub.client(), { consent, landingSearch });
  return { stub, ...app };
}

describe('ProductAnalytics', () => {
  it('sends nothing at all without consent: no track, page or identify', async () => {
    for (const consent of [null, false]) {
      const { stub, analytics, analyticsClient } = setUp(consent);
      analytics.track('Business Search', { query: 'Pizza', location: 'Chicago', resultsCount: 3 });
      analytics.page({ path: '/', search: '', url: 'http://localhost/' });
      analytics.identify({ email: 'sam@example.com' });
      await analyticsClient.flush();
      expect(analytics.enabled).toBe(false);
      expect(analyticsClient.pending).toBe(0);
      expect(stub.requests).toEqual([]);
    }
  });

  it('tracks from the moment consent is given, replaying nothing from before', async () => {
    const { stub, analytics, consentStore } = setUp(null);
    analytics.track('Business Search', { query: 'Before', location: 'Chicago', resultsCount: 1 });
    consentStore.set(true);
    analytics.track('Business Search', { query: 'After', location: 'Chicago', resultsCount: 1 });
    await vi.waitFor(() => expect(stub.trackedEvents()).toHaveLength(1));
    expect(stub.trackedEvents()[0].data).toMatchObject({ query: 'After' });
  });

  it('counts the page a visitor consents on as viewed, with the campaign the visit landed with', async () => {
    const { stub, analytics, consentStore, analyticsClient } = setUp(null, '?utm_source=newsletter');
    analytics.page({ path: '/', search: '?utm_source=newsletter', url: 'http://localhost/?utm_source=newsletter' });
    await analyticsClient.flush();
    expect(stub.requests).toEqual([]);

    consentStore.set(true);
    await vi.waitFor(() => expect(stub.requestsTo('POST', '/api/analytics/batch/')).toHaveLength(1));
    const [message] = (stub.requestsTo('POST', '/api/analytics/batch/')[0].body as { batch: Array<Record<string, any>> }).batch;
    expect(message).toMatchObject({ type: 'page', properties: { path: '/' }, context: { campaign: { source: 'newsletter' } } });
  });

  it('discards what had not left when consent is withdrawn', async () => {
    const stub = new ApiStub();
    const consentStore = new ConsentStore(memoryStorage());
    consentStore.set(true);
    // The app's batches of 10: these messages wait in the queue.
    const { analytics, client } = createBrowserAnalytics({ api: createAnalyticsApi(stub.client()), consent: consentStore, landingSearch: '' });
    analytics.track('CTA Clicked', { ctaName: 'Find my business', ctaLocation: 'home_hero', destination: 'search' });
    analytics.track('Funnel Step', funnelStep('search'));
    expect(client.pending).toBe(2);

    consentStore.set(false);
    await client.flush();

    expect(client.pending).toBe(0);
    expect(stub.requests).toEqual([]);
  });

  it('gives each message its own UUID and timestamp, and fills the spec defaults (callType ai, funnelName main)', async () => {
    const { stub, analytics } = setUp(true);
    analytics.track('Call Initiated', { businessId: 'plsr_1' });
    analytics.track('Funnel Step', { stepName: 'search', stepNumber: 1 });
    analytics.track('Funnel Step', funnelStep('call'));
    await vi.waitFor(() => expect(stub.analyticsMessages()).toHaveLength(3));
    const [initiated, search, call] = stub.analyticsMessages();
    expect(initiated).toMatchObject({ type: 'track', event: 'Call Initiated', properties: { businessId: 'plsr_1', callType: 'ai' } });
    expect(search.properties).toEqual({ stepName: 'search', stepNumber: 1, funnelName: 'main' });
    expect(call.properties).toEqual({ stepName: 'call', stepNumber: 3, funnelName: 'main' });
    expect(new Set(stub.analyticsMessages().map((m) => m.messageId)).size).toBe(3);
    for (const message of stub.analyticsMessages()) {
      expect(message.messageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(message.timestamp)).not.toBeNaN();
    }
  });

  it('masks phone numbers and truncates error messages before a message leaves', async () => {
    const { stub, analytics } = setUp(true);
    analytics.track('Error Occurred', { errorType: 'api_error_400', errorMessage: `to_number 312-555-0147 is not allowed ${'!'.repeat(600)}` });
    analytics.track('Business Search', { query: 'Call me at (773) 555-0199', location: 'Chicago, IL', resultsCount: 0 });
    analytics.identify({ email: 'sam@example.com', phone: '+1 312 555 0147' });
    await vi.waitFor(() => expect(stub.analyticsMessages()).toHaveLength(3));
    const [error, search, identify] = stub.analyticsMessages();
    expect(error.properties?.errorMessage).toHaveLength(500);
    expect(error.properties?.errorMessage).toMatch(/^to_number 312-\*\*\*-\*\*\*\* is not allowed !/);
    expect(search.properties?.query).toBe('Call me at (773) ***-****');
    expect(identify).toMatchObject({ type: 'identify', traits: { email: 'sam@example.com', phone: '+1 31* *** ****' } });
  });

  it('names pages as spec section 2 does and carries the landing campaign', async () => {
    const { stub, analytics } = setUp(true, '?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=phone+test&utm_content=ad1&other=x');
    analytics.page({ path: '/call/call_1', search: '', url: 'http://localhost/call/call_1', referrer: 'https://search.example/', title: 'Call report' });
    await vi.waitFor(() => expect(stub.analyticsMessages()).toHaveLength(1));
    expect(stub.analyticsMessages()[0]).toMatchObject({
      type: 'page',
      name: 'Call Details',
      context: {
        page: { path: '/call/call_1', url: 'http://localhost/call/call_1', referrer: 'https://search.example/', title: 'Call report' },
        campaign: { source: 'google', medium: 'cpc', name: 'spring', term: 'phone test', content: 'ad1' },
      },
    });
  });
});
