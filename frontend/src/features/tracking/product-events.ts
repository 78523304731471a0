import type { AnalyticsApi } from '../../api/analytics-api';

/** Product analytics events (spec section 7) and their data. */
export interface ProductEvents {
  'Business Search': { query: string; location: string; resultsCount: number };
  'Business Selected': { businessId: string; businessName: string; source: string; ranking: number; searchQuery: string };
  'Call Initiated': { businessId: string; callType: string };
}

export type ProductEventName = keyof ProductEvents;

/** Records an event through track-event; a failure is logged and ignored (spec section 8). */
export function recordEvent(analytics: Pick<AnalyticsApi, 'trackEvent'>, name: string, data: object): void {
  analytics
    .trackEvent({
      event_type: 'track',
      event_name: name,
      event_data: { ...data },
      url: typeof window === 'undefined' ? undefined : window.location.href,
      timestamp: new Date().toISOString(),
    })
    .catch((error: unknown) => {
      console.warn(`${name} could not be recorded`, error instanceof Error ? error.message : error);
    });
}

export function trackProductEvent<K extends ProductEventName>(analytics: Pick<AnalyticsApi, 'trackEvent'>, name: K, data: ProductEvents[K]): void {
  recordEvent(analytics, name, data);
}
