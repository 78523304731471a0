import type {
  AnalyticsBatchRequest,
  FeatureFlagsView,
  GdprConsentView,
  RateLimitStatusView,
  TrackUserRequest,
  TrackUserView,
} from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type {
  FeatureFlagView as FeatureFlag,
  GdprConsentView as GdprConsentResponse,
  TrackUserRequest as TrackUserPayload,
  RateLimitStatusView as RateLimitStatus,
  TrackUserView as TrackUserResponse,
} from '@ringcheck/projections/contract';

export type FeatureFlags = FeatureFlagsView['flags'];

export interface AnalyticsApi {
  trackUser(payload: TrackUserRequest): Promise<TrackUserView>;
  /**
   * Posts an analytics batch and answers the response as it came (the analytics client reads its status and
   * rate-limit headers); `keepalive` lets it outlive the page.
   */
  sendBatch(batch: AnalyticsBatchRequest, options?: { keepalive?: boolean; signal?: AbortSignal }): Promise<Response>;
  gdprConsent(consent: boolean): Promise<GdprConsentView>;
  featureFlags(): Promise<FeatureFlags>;
  rateLimits(): Promise<RateLimitStatusView>;
}

export function createAnalyticsApi(client: ApiClient): AnalyticsApi {
  return {
    // The visitor's identity call is what other calls wait for, so it must not wait itself.
    trackUser: (payload) => client.post<TrackUserView>('/analytics/track-user/', payload, { skipDeviceWait: true }),
    sendBatch: (batch, options = {}) =>
      client.exchange('POST', '/analytics/batch/', { body: batch, keepalive: options.keepalive, signal: options.signal }),
    gdprConsent: (consent) => client.post<GdprConsentView>('/analytics/gdpr-consent/', { consent }),
    featureFlags: async () => (await client.get<FeatureFlagsView>('/analytics/feature-flags/')).flags,
    rateLimits: () => client.get<RateLimitStatusView>('/analytics/rate-limits/'),
  };
}
