import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@ringcheck/projections';

const metadata = () => ({ correlationId: randomUUID(), actor: 'bench', occurredAt: new Date().toISOString(), schemaVersion: 1 });

/** A realistic small analytics event (about 300 bytes of JSON). */
export function trackedEvent(subjectId: string, i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'AnalyticsEventTracked',
    data: {
      subjectId,
      eventType: 'track',
      eventName: `Funnel Step ${i % 9}`,
      eventData: { stepNumber: i % 9, funnelName: 'main' },
      url: 'http://localhost/',
      clientTimestamp: null,
    },
    metadata: metadata(),
  };
}

export function visitEvent(anonId: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'VisitorTracked',
    data: {
      anonId,
      fingerprintHash: 'f'.repeat(64),
      screenResolution: '1920x1080',
      timezone: 'UTC',
      language: 'en',
      referrer: null,
      gdprConsent: null,
      userAgent: null,
    },
    metadata: metadata(),
  };
}
