import { eventUnion } from '../domain-events';

/** Events of the analytics context: the contract between its deciders and its read models. */

/**
 * A visit. Without analytics consent only the visitor id is kept: the device facts, the referrer, the
 * user agent and the fingerprint hash are null (events recorded before consent was enforced may hold them).
 */
export interface VisitorTrackedData {
  anonId: string;
  /** SHA-256 of the browser fingerprint: the raw value is never stored. */
  fingerprintHash: string | null;
  screenResolution: string | null;
  timezone: string | null;
  language: string | null;
  referrer: string | null;
  gdprConsent: boolean | null;
  userAgent: string | null;
}

export interface GdprConsentRecordedData {
  anonId: string;
  consent: boolean;
}

export type ConversionSource = 'signup' | 'signin' | 'manual';

export interface AnonymousVisitorLinkedData {
  anonId: string;
  userId: string;
  conversionSource: ConversionSource;
}

export type AnalyticsMessageType = 'track' | 'identify' | 'page';

/** Where a page message (or the page a track message was sent from) was, as the browser reported it. */
export interface AnalyticsPageContext {
  path?: string;
  url?: string;
  referrer?: string;
  title?: string;
}

/**
 * One product-analytics message of a visitor or user who consented to analytics. The event's id is the
 * message's id (the browser's `messageId`), so a retried batch is stored once. Properties and traits are
 * stored as the server cleaned them: secrets and e-mail addresses dropped, phone numbers masked after
 * their first 3 digits, error messages cut to 500 characters.
 */
export interface AnalyticsEventTrackedData {
  /** anon_… or user_… id the event belongs to. */
  subjectId: string;
  /** 'track', 'identify' or 'page' for messages of the batch endpoint; the event_type of track-event. */
  eventType: string;
  /** The track event's name, the page's name, or 'identify'. */
  eventName: string;
  /** The message's properties (track, page). */
  eventData: Record<string, unknown>;
  url: string | null;
  clientTimestamp: string | null;
  /**
   * Set on every message recorded under the consent rule (batch endpoint and track-event since consent is
   * enforced); absent on older events, which are never forwarded to a third party.
   */
  messageType?: AnalyticsMessageType;
  /** identify: the user's traits. */
  traits?: Record<string, unknown>;
  /** The page the message was sent from (page messages: the page viewed). */
  page?: AnalyticsPageContext;
  /** UTM parameters of the landing URL (utm_source → source, …), as the browser sent them. */
  campaign?: Record<string, string>;
  /** A signed-in user's message: the visitor this browser proved when it was sent. */
  anonId?: string;
}

export interface FeatureFlagDefinedData {
  flagId: string;
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
}

export const AnalyticsEventTypes = {
  VisitorTracked: 'VisitorTracked',
  GdprConsentRecorded: 'GdprConsentRecorded',
  AnonymousVisitorLinked: 'AnonymousVisitorLinked',
  AnalyticsEventTracked: 'AnalyticsEventTracked',
  FeatureFlagDefined: 'FeatureFlagDefined',
} as const;

export type AnalyticsEvent =
  | { type: 'VisitorTracked'; data: VisitorTrackedData }
  | { type: 'GdprConsentRecorded'; data: GdprConsentRecordedData }
  | { type: 'AnonymousVisitorLinked'; data: AnonymousVisitorLinkedData }
  | { type: 'AnalyticsEventTracked'; data: AnalyticsEventTrackedData }
  | { type: 'FeatureFlagDefined'; data: FeatureFlagDefinedData };

/** The events of the analytics context's streams (visitors, product events, feature flags). */
export const ANALYTICS_EVENTS = eventUnion<AnalyticsEvent>('analytics', {
  VisitorTracked: true,
  GdprConsentRecorded: true,
  AnonymousVisitorLinked: true,
  AnalyticsEventTracked: true,
  FeatureFlagDefined: true,
});
