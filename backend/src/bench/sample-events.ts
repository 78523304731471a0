import { randomUUID } from 'node:crypto';
import { type NewEvent, newEvent, type WriterMetadata } from '@ringcheck/projections';

const metadata = (): WriterMetadata => ({ correlationId: randomUUID(), actor: 'bench', occurredAt: new Date().toISOString() });

/** A realistic small analytics event (about 300 bytes of JSON). */
export function trackedEvent(subjectId: string, i: number): NewEvent {
  const data = {
    subjectId,
    eventType: 'track',
    eventName: `Funnel Step ${i % 9}`,
    eventData: { stepNumber: i % 9, funnelName: 'main' },
    url: 'http://localhost/',
    clientTimestamp: null,
  };
  return newEvent({ id: randomUUID(), type: 'AnalyticsEventTracked', data }, metadata());
}

export function visitEvent(anonId: string): NewEvent {
  const data = {
    anonId,
    fingerprintHash: 'f'.repeat(64),
    screenResolution: '1920x1080',
    timezone: 'UTC',
    language: 'en',
    referrer: null,
    gdprConsent: null,
    userAgent: null,
  };
  return newEvent({ id: randomUUID(), type: 'VisitorTracked', data }, metadata());
}
