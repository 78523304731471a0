/** `POST /api/analytics/track-user/`: the browser introduces itself. */
export interface TrackUserRequest {
  fingerprint: string;
  screen_resolution: string;
  timezone: string;
  language: string;
  referrer?: string | null;
  gdpr_consent?: boolean | null;
  anon_id?: string | null;
}

export interface TrackUserView {
  anon_id: string;
  /** Every id this browser proves (and so may link), newest first. */
  linkable_anon_ids: string[];
  visit_count: number;
  first_seen_at: string | null;
  gdpr_consent: boolean | null;
}

export interface TrackEventRequest {
  event_type: string;
  event_name: string;
  event_data?: Record<string, unknown>;
  url?: string;
  timestamp?: string;
}

export interface TrackEventView {
  recorded: boolean;
  event_id: string;
}

export interface GdprConsentRequest {
  consent: boolean;
  anon_id?: string;
}

export interface GdprConsentView {
  anon_id: string;
  consent: boolean;
  updated_at: string | null;
}

export interface FeatureFlagView {
  enabled: boolean;
  config: Record<string, unknown>;
}

/** `GET /api/analytics/feature-flags/`. */
export interface FeatureFlagsView {
  flags: Record<string, FeatureFlagView>;
}

/** `GET /api/analytics/rate-limits/`: the general allowance of the key closest to its limit. */
export interface RateLimitStatusView {
  id: string;
  /** What the allowance is counted against: the address, the signed-in user or the proven visitor. */
  scope: 'user' | 'anonymous' | 'ip';
  limit: number;
  remaining: number;
  reset_at: string;
  window_seconds: number;
}
