import type { AnalyticsApi } from '../../api/analytics-api';
import { AnalyticsClient, type AnalyticsClientOptions } from './analytics-client';
import { campaignOf } from './campaign';
import { type ConsentSource, ProductAnalytics } from './product-analytics';

export interface BrowserAnalyticsOptions {
  api: Pick<AnalyticsApi, 'sendBatch'>;
  consent: ConsentSource;
  /** The query string the visit landed with (its UTM parameters). */
  landingSearch: string;
  client?: Omit<AnalyticsClientOptions, 'transport'>;
}

/** The batching client over the API's batch endpoint, and the product analytics on top of it. */
export function createBrowserAnalytics(options: BrowserAnalyticsOptions): { client: AnalyticsClient; analytics: ProductAnalytics } {
  const client = new AnalyticsClient({
    ...options.client,
    transport: (batch, sendOptions) => options.api.sendBatch(batch, sendOptions),
  });
  const analytics = new ProductAnalytics({ client, consent: options.consent, campaign: campaignOf(options.landingSearch) });
  return { client, analytics };
}

/**
 * Sends what is waiting when the page is hidden (tab switched, app backgrounded) or left: the last moment a
 * page is sure to run code, so the requests go with `keepalive`.
 */
export function flushWhenPageHides(client: Pick<AnalyticsClient, 'flushOnPageHide'>, doc: Document = document): () => void {
  const win = doc.defaultView;
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') client.flushOnPageHide();
  };
  const onPageHide = () => client.flushOnPageHide();
  doc.addEventListener('visibilitychange', onVisibility);
  win?.addEventListener('pagehide', onPageHide);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win?.removeEventListener('pagehide', onPageHide);
  };
}
