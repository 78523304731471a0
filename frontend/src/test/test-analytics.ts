import { createAnalyticsApi } from '../api/analytics-api';
import type { ApiClient } from '../api/api-client';
import { memoryStorage } from '../features/anonymous/browser-storage';
import { ConsentStore } from '../features/consent/consent-store';
import { createBrowserAnalytics } from '../features/tracking/browser-analytics';

/**
 * The app's real analytics over a test API client, sending each message at once (batches of 1) so a stub
 * sees it as it happens; consent is granted unless `consent` says otherwise.
 */
export function createTestAnalytics(client: ApiClient, options: { consent?: boolean | null; landingSearch?: string } = {}) {
  const consentStore = new ConsentStore(memoryStorage());
  const consent = options.consent === undefined ? true : options.consent;
  if (consent !== null) consentStore.set(consent);
  const api = createAnalyticsApi(client);
  const { client: analyticsClient, analytics } = createBrowserAnalytics({
    api,
    consent: consentStore,
    landingSearch: options.landingSearch ?? '',
    client: { limits: { batchSize: 1 } },
  });
  return { analytics, analyticsClient, consentStore, api };
}
