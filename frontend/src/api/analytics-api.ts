import type { ApiClient } from './api-client';

export interface TrackUserPayload {
  fingerprint: string;
  screen_resolution: string;
  timezone: string;
  language: string;
  referrer?: string | null;
  gdpr_consent: boolean | null;
  anon_id?: string | null;
}

export interface TrackUserResponse {
  anon_id: string;
  /** Every id this browser proves (and so may link), newest first. */
  linkable_anon_ids?: string[];
  visit_count?: number;
  first_seen_at?: string | null;
  gdpr_consent?: boolean | null;
}

export interface TrackEventPayload {
  event_type: string;
  event_name: string;
  event_data?: Record<string, unknown>;
  url?: string;
  timestamp?: string;
}

export interface TrackEventResponse {
  recorded: boolean;
  event_id?: string;
}

export interface GdprConsentResponse {
  anon_id: string;
  consent: boolean;
  updated_at: string | null;
}

export interface FeatureFlag {
  enabled: boolean;
  config?: Record<string, unknown> | null;
}

export type FeatureFlags = Record<string, FeatureFlag>;

/** The rate-limit status; the spec does not fix its shape. */
export type RateLimitStatus = Record<string, unknown>;

export interface AnalyticsApi {
  trackUser(payload: TrackUserPayload): Promise<TrackUserResponse>;
  trackEvent(payload: TrackEventPayload): Promise<TrackEventResponse>;
  gdprConsent(consent: boolean): Promise<GdprConsentResponse>;
  featureFlags(): Promise<FeatureFlags>;
  rateLimits(): Promise<RateLimitStatus>;
}

export function createAnalyticsApi(client: ApiClient): AnalyticsApi {
  return {
    // The visitor's identity call is what other calls wait for, so it must not wait itself.
    trackUser: (payload) => client.post<TrackUserResponse>('/analytics/track-user/', payload, { skipDeviceWait: true }),
    trackEvent: (payload) => client.post<TrackEventResponse>('/analytics/track-event/', payload),
    gdprConsent: (consent) => client.post<GdprConsentResponse>('/analytics/gdpr-consent/', { consent }),
    featureFlags: async () => {
      const answer = await client.get<{ flags?: FeatureFlags } | FeatureFlags>('/analytics/feature-flags/');
      return isWrapped(answer) ? (answer.flags ?? {}) : answer;
    },
    rateLimits: () => client.get<RateLimitStatus>('/analytics/rate-limits/'),
  };
}

function isWrapped(answer: { flags?: FeatureFlags } | FeatureFlags): answer is { flags?: FeatureFlags } {
  const flags = (answer as { flags?: unknown }).flags;
  return typeof flags === 'object' && flags !== null && !('enabled' in flags);
}
