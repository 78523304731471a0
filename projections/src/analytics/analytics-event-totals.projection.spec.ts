import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import { analyticsEventTotalsProjection as projection } from './analytics-event-totals.projection';

const tracked = (eventName: string, occurredAt = '2026-11-22T10:00:00.000Z') =>
  recorded('AnalyticsEventTracked', { subjectId: 'anon_1', eventType: 'page', eventName, eventData: {}, url: '/', clientTimestamp: null }, at(occurredAt));

describe('analytics event totals projection', () => {
  it('keys totals by day, type and name', async () => {
    const then = await given(projection, tracked('Home'), tracked('Home', '2026-11-23T00:00:01.000Z'), tracked('Pricing'));
    expect(Object.keys(then.documents).sort()).toEqual(['2026-11-22:page:Home', '2026-11-22:page:Pricing', '2026-11-23:page:Home']);
  });

  it('counts events', async () => {
    const { document } = await given(projection, tracked('Home'), tracked('Home', '2026-11-22T11:00:00.000Z'));
    expect(document).toMatchObject({ count: 2, day: '2026-11-22', lastAt: '2026-11-22T11:00:00.000Z' });
  });
});
