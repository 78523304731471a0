import type { ConversionJourney } from './conversion-journeys';
import { conversionReport, defaultConversionRange, MAX_SOURCES, medianOf, OTHER_SOURCES } from './conversion-report';
import { isoWeekMonday, isoWeeksBetween } from './iso-week';

const journey = (anonId: string, firstVisitAt: string, over: Partial<ConversionJourney> = {}): ConversionJourney => ({
  anonId,
  firstVisitAt,
  source: 'direct',
  searchedAt: null,
  calledAt: null,
  signedUpAt: null,
  ...over,
});
const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
const asOf = { position: 42, occurredAt: '2026-11-30T12:00:00.000Z' };

describe('ISO weeks', () => {
  it('starts each week on Monday, UTC', () => {
    expect(isoWeekMonday('2026-11-02')).toBe('2026-11-02'); // a Monday
    expect(isoWeekMonday('2026-11-08')).toBe('2026-11-02'); // the Sunday after
    expect(isoWeekMonday('2027-01-01')).toBe('2026-12-28'); // a Friday, across the year
    expect(isoWeeksBetween('2026-11-04', '2026-11-16')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});

describe('conversion report', () => {
  // Ten visitors, hand-placed: eight first visit inside 2026-11-02..2026-11-15, two outside it.
  const a = '2026-11-02T00:00:00.000Z';
  const journeys: ConversionJourney[] = [
    journey('anon_1', a, { source: 'google.com', searchedAt: a, calledAt: a, signedUpAt: hoursAfter(a, 0.5) }),
    journey('anon_2', '2026-11-03T10:00:00.000Z', { source: 'google.com', searchedAt: a, calledAt: a, signedUpAt: hoursAfter('2026-11-03T10:00:00.000Z', 5) }),
    journey('anon_3', '2026-11-04T10:00:00.000Z', { source: 'newsletter', searchedAt: a, signedUpAt: hoursAfter('2026-11-04T10:00:00.000Z', 48) }),
    journey('anon_4', '2026-11-08T23:59:59.999Z', { source: 'google.com', searchedAt: a }),
    journey('anon_5', '2026-11-09T00:00:00.000Z', { source: 'newsletter', searchedAt: a, calledAt: a, signedUpAt: hoursAfter('2026-11-09T00:00:00.000Z', 24 * 10) }),
    journey('anon_6', '2026-11-10T08:00:00.000Z', { source: 'direct' }),
    journey('anon_7', '2026-11-12T08:00:00.000Z', { source: 'undisclosed', signedUpAt: hoursAfter('2026-11-12T08:00:00.000Z', 24 * 31) }),
    journey('anon_8', '2026-11-15T23:59:59.999Z', { source: 'direct' }),
    journey('anon_9', '2026-11-01T23:59:59.999Z', { source: 'google.com', signedUpAt: '2026-11-02T01:00:00.000Z' }),
    journey('anon_10', '2026-11-16T00:00:00.000Z', { source: 'google.com' }),
  ];

  const report = conversionReport(journeys, { from: '2026-11-02', to: '2026-11-15' }, asOf);

  it('counts the funnel over the visitors whose first visit is in the range, both days included', () => {
    expect(report.funnel).toEqual({ visitors: 8, searched: 5, called: 3, signed_up: 5 });
    expect(report).toMatchObject({ from: '2026-11-02', to: '2026-11-15', as_of: { position: 42, occurred_at: '2026-11-30T12:00:00.000Z' } });
  });

  it('buckets the hours to conversion and gives their median', () => {
    // 0.5 h, 5 h, 48 h, 240 h, 744 h
    expect(report.time_to_conversion).toEqual([
      { bucket: '<1h', visitors: 1 },
      { bucket: '1-24h', visitors: 1 },
      { bucket: '1-7d', visitors: 1 },
      { bucket: '7-30d', visitors: 1 },
      { bucket: '>30d', visitors: 1 },
    ]);
    expect(report.median_hours_to_conversion).toBe(48);
  });

  it('gives every ISO week of the range by its Monday', () => {
    expect(report.weeks).toEqual([
      { week: '2026-11-02', visitors: 4, searched: 4, called: 2, signed_up: 3 },
      { week: '2026-11-09', visitors: 4, searched: 1, called: 1, signed_up: 2 },
    ]);
  });

  it('lists sources by visitors, most first, names breaking ties', () => {
    expect(report.sources).toEqual([
      { source: 'google.com', visitors: 3, searched: 3, called: 2, signed_up: 2 },
      { source: 'direct', visitors: 2, searched: 0, called: 0, signed_up: 0 },
      { source: 'newsletter', visitors: 2, searched: 2, called: 1, signed_up: 2 },
      { source: 'undisclosed', visitors: 1, searched: 0, called: 0, signed_up: 1 },
    ]);
  });

  it('answers an empty range with zeros, empty weeks and no median', () => {
    const empty = conversionReport([], { from: '2026-11-04', to: '2026-11-04' }, { position: 0, occurredAt: null });
    expect(empty.funnel).toEqual({ visitors: 0, searched: 0, called: 0, signed_up: 0 });
    expect(empty.median_hours_to_conversion).toBeNull();
    expect(empty.weeks).toEqual([{ week: '2026-11-02', visitors: 0, searched: 0, called: 0, signed_up: 0 }]);
    expect(empty.time_to_conversion.map((b) => b.visitors)).toEqual([0, 0, 0, 0, 0]);
  });

  it('puts a bucket boundary in the upper bucket and averages the middle two of an even count', () => {
    const edge = conversionReport(
      [journey('anon_a', a, { signedUpAt: hoursAfter(a, 1) }), journey('anon_b', a, { signedUpAt: hoursAfter(a, 24 * 30) })],
      { from: '2026-11-02', to: '2026-11-02' },
      asOf,
    );
    expect(edge.time_to_conversion).toEqual([
      { bucket: '<1h', visitors: 0 },
      { bucket: '1-24h', visitors: 1 },
      { bucket: '1-7d', visitors: 0 },
      { bucket: '7-30d', visitors: 0 },
      { bucket: '>30d', visitors: 1 },
    ]);
    expect(edge.median_hours_to_conversion).toBe(360.5);
    expect(medianOf([3, 1, 2])).toBe(2);
  });

  it('sums sources past the largest into one row', () => {
    const many = Array.from({ length: MAX_SOURCES + 5 }, (_, i) => journey(`anon_${i}`, a, { source: `site-${String(i).padStart(3, '0')}.example` }));
    const sources = conversionReport([...many, journey('anon_x', a, { source: 'site-054.example' })], { from: '2026-11-02', to: '2026-11-02' }, asOf).sources;
    expect(sources).toHaveLength(MAX_SOURCES + 1);
    expect(sources[0]).toMatchObject({ source: 'site-054.example', visitors: 2 });
    expect(sources[MAX_SOURCES]).toEqual({ source: OTHER_SOURCES, visitors: 5, searched: 0, called: 0, signed_up: 0 });
  });

  it('defaults to the 12 weeks ending today', () => {
    expect(defaultConversionRange('2026-11-30')).toEqual({ from: '2026-09-08', to: '2026-11-30' });
  });
});
