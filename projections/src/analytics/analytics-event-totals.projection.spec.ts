import { recorded } from '../testing/recorded';
import { analyticsEventTotalsProjection as projection } from './analytics-event-totals.projection';

const tracked = (eventName: string, occurredAt = '2026-11-22T10:00:00.000Z') =>
  recorded(
    'AnalyticsEventTracked',
    { subjectId: 'anon_1', eventType: 'page', eventName, eventData: {}, url: '/', clientTimestamp: null },
    { metadata: { correlationId: 'c', occurredAt, schemaVersion: 1 } },
  );

describe('analytics event totals projection', () => {
  it('keys totals by day, type and name', () => {
    expect(projection.documentId(tracked('Home'))).toBe('2026-11-22:page:Home');
    expect(projection.documentId(tracked('Home', '2026-11-23T00:00:01.000Z'))).toBe('2026-11-23:page:Home');
  });

  it('counts events', () => {
    const one = projection.evolve(null, tracked('Home'));
    const two = projection.evolve(one, tracked('Home', '2026-11-22T11:00:00.000Z'));
    expect(two).toMatchObject({ count: 2, day: '2026-11-22', lastAt: '2026-11-22T11:00:00.000Z' });
  });
});
