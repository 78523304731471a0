import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { ANALYTICS_EVENTS } from './events';

export interface AnalyticsEventTotalDocument {
  _id: string;
  day: string;
  eventType: string;
  eventName: string;
  count: number;
  lastAt: string;
  [key: string]: unknown;
}

const dayOf = (iso: string) => iso.slice(0, 10);

const ANALYTICS_EVENT_TOTALS_READS = pickEvents(ANALYTICS_EVENTS, 'AnalyticsEventTracked');

/** Daily totals per tracked event type and name, for analysts and the conversion funnel. */
export const analyticsEventTotalsProjection = defineProjection<AnalyticsEventTotalDocument, EventsOf<typeof ANALYTICS_EVENT_TOTALS_READS>>({
  name: 'analytics_event_totals',
  version: 1,
  events: ANALYTICS_EVENT_TOTALS_READS,
  documentId: (event) => {
    const data = event.data;
    return `${dayOf(event.metadata.occurredAt)}:${data.eventType}:${data.eventName}`;
  },
  indexes: [{ keys: { day: 1 }, name: 'day' }],
  evolve(doc, event) {
    const data = event.data;
    return {
      _id: `${dayOf(event.metadata.occurredAt)}:${data.eventType}:${data.eventName}`,
      day: dayOf(event.metadata.occurredAt),
      eventType: data.eventType,
      eventName: data.eventName,
      count: (doc?.count ?? 0) + 1,
      lastAt: event.metadata.occurredAt,
      // The runner's fields: it fills them in on this new object rather than copying it (see apply-batch.ts).
      _position: undefined,
      _rooms: undefined,
    };
  },
});
