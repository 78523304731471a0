import { eventUnion } from '../domain-events';

/** Events of the analytics context: the contract between its deciders and its read models. */

export interface VisitorTrackedData {
  anonId: string;
  /** SHA-256 of the browser fingerprint: the raw value is never stored. */
  fingerprintHash: string;
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

export interface AnalyticsEventTrackedData {
  /** anon_… or user_… id the event belongs to. */
  subjectId: string;
  eventType: string;
  eventName: string;
  eventData: Record<string, unknown>;
  url: string | null;
  clientTimestamp: string | null;
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
