import { analyticsApi } from '../../api';
import { consentStore } from '../consent';
import { createBrowserAnalytics, flushWhenPageHides } from './browser-analytics';

export { ProductAnalytics, type PageLocation, type UserTraits } from './product-analytics';
export { AnalyticsClient } from './analytics-client';

/** The app's analytics: batches to `/api/analytics/batch/`, only with the visitor's consent. */
export const { client: analyticsClient, analytics: productAnalytics } = createBrowserAnalytics({
  api: analyticsApi,
  consent: consentStore,
  landingSearch: window.location.search,
});

flushWhenPageHides(analyticsClient);
