import type { ConversionSource } from '../analytics/events';
import { defineProjection } from '../projection';
import { CONVERSION_EVENTS, type ConversionEvents } from './conversion-events';
import { campaignSourceOf, isPageView, referrerHostOf, sourceOf } from './visitor-source';

/** One visitor's way from its first visit (an anon_ id, as the server issued it). */
export interface VisitorJourneyDocument {
  _id: string;
  kind: 'visitor';
  anonId: string;
  /** When its first visit was recorded; null while only later facts are known. */
  firstVisitAt: string | null;
  visits: number;
  pageViews: number;
  sourceDisclosed: boolean;
  referrerHost: string | null;
  campaignSource: string | null;
  /** Whether its first page view was seen (only that one's campaign counts). */
  firstPageViewSeen: boolean;
  /** utm_source, else the referrer's host, else "direct" (or "undisclosed": see `sourceOf`). */
  source: string;
  firstSearchAt: string | null;
  firstCallAt: string | null;
  /** The account it was linked to, when, and how the browser said it got there (signup, signin, manual). */
  linkedUserId: string | null;
  linkedAt: string | null;
  linkSource: ConversionSource | null;
  [key: string]: unknown;
}

/** One account: when it was created, what it did as a user, and the first visitor linked to it. */
export interface CustomerDocument {
  _id: string;
  kind: 'customer';
  userId: string;
  signedUpAt: string | null;
  firstSearchAt: string | null;
  firstCallAt: string | null;
  firstLinkedAnonId: string | null;
  [key: string]: unknown;
}

export type ConversionDocument = VisitorJourneyDocument | CustomerDocument;

const isVisitorId = (id: string | null): id is string => id !== null && id.startsWith('anon_');
const isUserId = (id: string | null): id is string => id !== null && id.startsWith('user_');
const earliest = (current: string | null, at: string) => (current === null || at < current ? at : current);

function newJourney(anonId: string): VisitorJourneyDocument {
  return {
    _id: anonId,
    kind: 'visitor',
    anonId,
    firstVisitAt: null,
    visits: 0,
    pageViews: 0,
    sourceDisclosed: false,
    referrerHost: null,
    campaignSource: null,
    firstPageViewSeen: false,
    source: 'undisclosed',
    firstSearchAt: null,
    firstCallAt: null,
    linkedUserId: null,
    linkedAt: null,
    linkSource: null,
    // The runner's fields: it fills them in on the new state rather than copying it (see apply-batch.ts).
    _position: undefined,
    _rooms: undefined,
  };
}

function newCustomer(userId: string): CustomerDocument {
  return { _id: userId, kind: 'customer', userId, signedUpAt: null, firstSearchAt: null, firstCallAt: null, firstLinkedAnonId: null, _position: undefined, _rooms: undefined };
}

const withSource = (journey: VisitorJourneyDocument): VisitorJourneyDocument => ({ ...journey, source: sourceOf(journey) });

function journeyOf(doc: ConversionDocument | null, anonId: string): VisitorJourneyDocument {
  return doc?.kind === 'visitor' ? doc : newJourney(anonId);
}

function customerOf(doc: ConversionDocument | null, userId: string): CustomerDocument {
  return doc?.kind === 'customer' ? doc : newCustomer(userId);
}

/**
 * The analysts' conversion read model: a journey per visitor (first visit, source, first search, first
 * call, the account it was linked to) and a document per account (created when, first linked visitor,
 * what it searched and called as a user). `conversion-journeys.ts` joins the two; which links count as
 * new customers is decided there, from the log, not from the source the browser claimed.
 */
export const conversionProjection = defineProjection<ConversionDocument, ConversionEvents>({
  name: 'conversion',
  version: 1,
  events: CONVERSION_EVENTS,
  documentId(event) {
    switch (event.type) {
      case 'VisitorTracked':
        return event.data.anonId;
      case 'AnalyticsEventTracked':
        // Only a visitor's page views say anything about where it came from.
        return isVisitorId(event.data.subjectId) && isPageView(event.data) ? event.data.subjectId : null;
      case 'DiscoveryRequested':
      case 'CallRequested':
        return isVisitorId(event.data.ownerId) || isUserId(event.data.ownerId) ? event.data.ownerId : null;
      case 'AnonymousVisitorLinked':
        return [event.data.anonId, event.data.userId];
      case 'UserSignedUp':
        return event.data.userId;
    }
  },
  indexes: [{ keys: { firstVisitAt: 1 }, name: 'first_visit' }],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'VisitorTracked': {
        const journey = journeyOf(doc, event.data.anonId);
        const visited = { ...journey, firstVisitAt: journey.firstVisitAt ?? at, visits: journey.visits + 1 };
        // The first visit made with consent tells where the visitor came from (without it none is stored).
        if (journey.sourceDisclosed || event.data.gdprConsent !== true) return visited;
        return withSource({ ...visited, sourceDisclosed: true, referrerHost: referrerHostOf(event.data.referrer) });
      }
      case 'AnalyticsEventTracked': {
        const journey = journeyOf(doc, event.data.subjectId);
        const counted = { ...journey, pageViews: journey.pageViews + 1 };
        if (journey.firstPageViewSeen) return counted;
        return withSource({ ...counted, firstPageViewSeen: true, campaignSource: campaignSourceOf(event.data) });
      }
      case 'DiscoveryRequested':
      case 'CallRequested': {
        const ownerId = event.data.ownerId!;
        const field = event.type === 'DiscoveryRequested' ? 'firstSearchAt' : 'firstCallAt';
        if (isVisitorId(ownerId)) {
          const journey = journeyOf(doc, ownerId);
          return { ...journey, [field]: earliest(journey[field], at) };
        }
        const customer = customerOf(doc, ownerId);
        return { ...customer, [field]: earliest(customer[field], at) };
      }
      case 'UserSignedUp': {
        const customer = customerOf(doc, event.data.userId);
        return customer.signedUpAt === null ? { ...customer, signedUpAt: at } : customer;
      }
      case 'AnonymousVisitorLinked': {
        // Both sides exist by now (a link needs a known visitor and a signed-in account); the event
        // alone does not say which document it is being applied to when one is missing.
        if (doc === null) return null;
        const { anonId, userId, conversionSource } = event.data;
        if (doc.kind === 'customer') return doc.firstLinkedAnonId === null ? { ...doc, firstLinkedAnonId: anonId } : doc;
        return doc.linkedUserId === null ? { ...doc, linkedUserId: userId, linkedAt: at, linkSource: conversionSource } : doc;
      }
    }
  },
});
