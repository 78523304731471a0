import {
  type AnalyticsEventTrackedData,
  type AnonymousVisitorLinkedData,
  asDomainEvent,
  pickEvents,
  ANALYTICS_EVENTS,
  type RecordedEvent,
} from '@ringcheck/projections';
import type { AliasParams, IdentifyParams, PageParams, TrackParams } from '@segment/analytics-node';

/** One call of Segment's API, carrying our event id as `messageId` so a repeated delivery is deduplicated. */
export type SegmentCall =
  | { kind: 'track'; params: TrackParams }
  | { kind: 'page'; params: PageParams }
  | { kind: 'identify'; params: IdentifyParams }
  /** A visitor became an account: forwarded only if that visitor had consented by then. */
  | { kind: 'alias'; params: AliasParams; anonId: string };

const FORWARDED = pickEvents(ANALYTICS_EVENTS, 'AnalyticsEventTracked', 'AnonymousVisitorLinked');

type Identity = { userId: string; anonymousId?: string } | { anonymousId: string };

function identityOf(data: AnalyticsEventTrackedData): Identity {
  if (!data.subjectId.startsWith('user_')) return { anonymousId: data.subjectId };
  return data.anonId ? { userId: data.subjectId, anonymousId: data.anonId } : { userId: data.subjectId };
}

const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

function messageCall(event: RecordedEvent, data: AnalyticsEventTrackedData): SegmentCall | null {
  // Older events were recorded before consent was enforced: they stay here.
  if (!data.messageType) return null;
  const common = {
    ...identityOf(data),
    messageId: event.id,
    timestamp: new Date(data.clientTimestamp ?? event.metadata.occurredAt),
    // Segment's typings want name, source and medium in a campaign; its API takes whichever UTM parameters there were.
    context: definedOnly({ page: data.page, campaign: data.campaign }) as TrackParams['context'],
  };
  switch (data.messageType) {
    case 'track':
      return { kind: 'track', params: { ...common, event: data.eventName, properties: data.eventData } };
    case 'page':
      return {
        kind: 'page',
        params: { ...common, name: data.eventName || undefined, properties: { ...data.page, ...data.eventData } },
      };
    case 'identify':
      return { kind: 'identify', params: { ...common, traits: data.traits ?? {} } };
  }
}

function aliasCall(event: RecordedEvent, data: AnonymousVisitorLinkedData): SegmentCall {
  return {
    kind: 'alias',
    anonId: data.anonId,
    params: { previousId: data.anonId, userId: data.userId, messageId: event.id, timestamp: new Date(event.metadata.occurredAt) },
  };
}

/** What Segment is sent for a recorded event: analytics messages and visitor-to-account links; nothing else. */
export function segmentCallFor(event: RecordedEvent): SegmentCall | null {
  if (!FORWARDED.includes(event)) return null;
  const forwarded = asDomainEvent(FORWARDED, event);
  return forwarded.type === 'AnalyticsEventTracked' ? messageCall(event, forwarded.data) : aliasCall(event, forwarded.data);
}
