import type { AnalyticsEvent } from '../analytics/events';
import type { CallEvent } from '../calls/events';
import type { DiscoveryEvent } from '../discovery/events';
import { type EventsOf, eventUnion } from '../domain-events';
import type { UserEvent } from '../identity/events';

type ConversionEvent =
  | Extract<AnalyticsEvent, { type: 'VisitorTracked' | 'AnonymousVisitorLinked' | 'AnalyticsEventTracked' }>
  | Extract<DiscoveryEvent, { type: 'DiscoveryRequested' }>
  | Extract<CallEvent, { type: 'CallRequested' }>
  | Extract<UserEvent, { type: 'UserSignedUp' }>;

/** What a visitor's way to becoming a customer is read from, across the analytics, discovery, calls and identity streams. */
export const CONVERSION_EVENTS = eventUnion<ConversionEvent>('conversion', {
  VisitorTracked: true,
  AnonymousVisitorLinked: true,
  AnalyticsEventTracked: true,
  DiscoveryRequested: true,
  CallRequested: true,
  UserSignedUp: true,
});

export type ConversionEvents = EventsOf<typeof CONVERSION_EVENTS>;
