/**
 * `POST /api/analytics/track-user/`: the browser introduces itself. Only the visitor id is needed; the
 * device facts are kept only with analytics consent (this request's `gdpr_consent`, else the one recorded),
 * so a browser without consent sends none of them.
 */
export interface TrackUserRequest {
  fingerprint?: string;
  screen_resolution?: string;
  timezone?: string;
  language?: string;
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
  /** False when the caller has not consented to analytics: nothing was stored. */
  recorded: boolean;
  event_id: string | null;
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

/** One message of an analytics batch, in the shape Segment's batch API takes. */
export interface AnalyticsMessage {
  type: 'track' | 'identify' | 'page';
  /** A UUID the client draws once per message: a retried batch is stored once. */
  messageId: string;
  /** ISO-8601, when it happened in the browser. */
  timestamp: string;
  /** The event's name for `track` (e.g. "Business Search"), the page's name for `page`. */
  event?: string;
  name?: string;
  properties?: Record<string, unknown>;
  /** `identify` only: the user traits of spec section 7. */
  traits?: Record<string, unknown>;
  context?: { page?: { path?: string; url?: string; referrer?: string; title?: string }; campaign?: Record<string, string> };
}

/** `POST /api/analytics/batch/`: the analytics client's batch. */
export interface AnalyticsBatchRequest {
  batch: AnalyticsMessage[];
  sentAt: string;
}

export interface AnalyticsBatchView {
  /** Messages recorded (or already recorded by an earlier try of the same batch). */
  accepted: number;
  /** Messages not recorded because the visitor has not consented to analytics. */
  dropped: number;
}

/** Figures of one funnel stage: distinct visitors that reached it. */
export interface ConversionFunnelView {
  visitors: number;
  searched: number;
  called: number;
  signed_up: number;
}

export interface ConversionWeekView extends ConversionFunnelView {
  /** Monday of the ISO week, YYYY-MM-DD (UTC). */
  week: string;
}

export interface ConversionSourceView extends ConversionFunnelView {
  /** Where visitors came from: utm_source, else the referrer's host, else "direct". */
  source: string;
}

/** `GET /api/analytics/conversion/?from=&to=&as_of=&as_of_position=`: analysts only. */
export interface ConversionReportView {
  /** The range of first visits counted, YYYY-MM-DD inclusive (UTC). */
  from: string;
  to: string;
  /** The last event the figures include, and when it was recorded. */
  as_of: { position: number; occurred_at: string | null };
  funnel: ConversionFunnelView;
  /** Hours from first visit to sign-up, in buckets ("<1h", "1-24h", "1-7d", "7-30d", ">30d"). */
  time_to_conversion: { bucket: string; visitors: number }[];
  median_hours_to_conversion: number | null;
  weeks: ConversionWeekView[];
  sources: ConversionSourceView[];
}
