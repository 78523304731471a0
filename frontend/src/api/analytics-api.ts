import type {
  FeatureFlagsView,
  GdprConsentView,
  RateLimitStatusView,
  TrackEventRequest,
  TrackEventView,
  TrackUserRequest,
  TrackUserView,
} from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type {
  FeatureFlagView as FeatureFlag,
  GdprConsentView as GdprConsentResponse,
  TrackEventRequest as TrackEventPayload,
  TrackEventView as TrackEventResponse,
  TrackUserRequest as TrackUserPayload,
  RateLimitStatusView as RateLimitStatus,
  TrackUserView as TrackUserResponse,
} from '@ringcheck/projections/contract';

export type FeatureFlags = FeatureFlagsView['flags'];

export interface AnalyticsApi {
  trackUser(payload: TrackUserRequest): Promise<TrackUserView>;
  trackEvent(payload: TrackEventRequest): Promise<TrackEventView>;
  gdprConsent(consent: boolean): Promise<GdprConsentView>;
  featureFlags(): Promise<FeatureFlags>;
  rateLimits(): Promise<RateLimitStatusView>;
}

export function createAnalyticsApi(client: ApiClient): AnalyticsApi {
  return {
    // The visitor's identity call is what other calls wait for, so it must not wait itself.
    trackUser: (payload) => client.post<TrackUserView>('/analytics/track-user/', payload, { skipDeviceWait: true }),
    trackEvent: (payload) => client.post<TrackEventView>('/analytics/track-event/', payload),
    gdprConsent: (consent) => client.post<GdprConsentView>('/analytics/gdpr-consent/', { consent }),
    featureFlags: async () => (await client.get<FeatureFlagsView>('/analytics/feature-flags/')).flags,
    rateLimits: () => client.get<RateLimitStatusView>('/analytics/rate-limits/'),
  };
}
