import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { ANALYTICS_EVENTS, type ConversionSource } from './events';

export interface AnonymousVisitorDocument {
  _id: string;
  anonId: string;
  fingerprintHash: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  visitCount: number;
  gdprConsent: boolean | null;
  consentUpdatedAt: string | null;
  timezone: string | null;
  language: string | null;
  screenResolution: string | null;
  firstReferrer: string | null;
  linkedUserId: string | null;
  linkedAt: string | null;
  conversionSource: ConversionSource | null;
  [key: string]: unknown;
}

const ANONYMOUS_VISITORS_READS = pickEvents(ANALYTICS_EVENTS, 'VisitorTracked', 'GdprConsentRecorded', 'AnonymousVisitorLinked');

/**
 * One document per anonymous visitor: visits, consent and the device facts last seen. Withdrawing
 * consent clears the device facts; visits without consent carry none.
 */
export const anonymousVisitorsProjection = defineProjection<AnonymousVisitorDocument, EventsOf<typeof ANONYMOUS_VISITORS_READS>>({
  name: 'anonymous_visitors',
  version: 3,
  events: ANONYMOUS_VISITORS_READS,
  documentId: (event) => event.data.anonId,
  indexes: [
    { keys: { fingerprintHash: 1 }, name: 'fingerprint' },
    { keys: { linkedUserId: 1, firstSeenAt: 1 }, name: 'linked_user_first_seen' },
  ],
  rooms: (doc) => [`anonymous:${doc.anonId}`],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    if (event.type === 'VisitorTracked') {
      const data = event.data;
      return {
        _id: data.anonId,
        anonId: data.anonId,
        fingerprintHash: data.fingerprintHash,
        firstSeenAt: doc?.firstSeenAt ?? at,
        lastSeenAt: at,
        visitCount: (doc?.visitCount ?? 0) + 1,
        gdprConsent: data.gdprConsent ?? doc?.gdprConsent ?? null,
        consentUpdatedAt: data.gdprConsent === null ? (doc?.consentUpdatedAt ?? null) : at,
        timezone: data.timezone,
        language: data.language,
        screenResolution: data.screenResolution,
        firstReferrer: doc ? doc.firstReferrer : data.referrer,
        linkedUserId: doc?.linkedUserId ?? null,
        linkedAt: doc?.linkedAt ?? null,
        conversionSource: doc?.conversionSource ?? null,
        // The runner's fields: it fills them in on this new object rather than copying it (see apply-batch.ts).
        _position: undefined,
        _rooms: undefined,
      };
    }
    if (event.type === 'AnonymousVisitorLinked') {
      const data = event.data;
      const base = doc ?? {
        _id: data.anonId,
        anonId: data.anonId,
        fingerprintHash: null,
        firstSeenAt: at,
        lastSeenAt: at,
        visitCount: 0,
        gdprConsent: null,
        consentUpdatedAt: null,
        timezone: null,
        language: null,
        screenResolution: null,
        firstReferrer: null,
      };
      return { ...base, linkedUserId: data.userId, linkedAt: at, conversionSource: data.conversionSource };
    }
    const data = event.data;
    if (!doc) return null;
    const withdrawn = data.consent ? {} : { fingerprintHash: null, timezone: null, language: null, screenResolution: null, firstReferrer: null };
    return { ...doc, ...withdrawn, gdprConsent: data.consent, consentUpdatedAt: at };
  },
});
