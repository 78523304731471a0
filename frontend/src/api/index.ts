import { createAnalyticsApi } from './analytics-api';
import { ApiClient } from './api-client';

export { ApiClient, RATE_LIMIT_EVENT, CSRF_COOKIE, CSRF_HEADER } from './api-client';
export type { ApiAuth, ApiClientOptions, DeviceContext, HttpMethod, RateLimitEventDetail, RequestOptions } from './api-client';
export { ApiError, RateLimitError } from './api-error';
export { errorMessageFor } from './error-message';
export { createAnalyticsApi } from './analytics-api';
export type * from './analytics-api';

/** The app's one API client; the auth context and the anonymous-visitor service plug into it. */
export const apiClient = new ApiClient();

export const analyticsApi = createAnalyticsApi(apiClient);
export const { trackUser, sendBatch, gdprConsent, featureFlags, rateLimits } = analyticsApi;
export * from './calls-api';
export * from './auth-api';
export * from './users-api';
