import type { ConversionFunnelView, ConversionReportView } from '../contract/analytics-views';
import type { ConversionJourney } from './conversion-journeys';
import { addDays, isoWeekMonday, isoWeeksBetween } from './iso-week';

/** First visits counted: YYYY-MM-DD to YYYY-MM-DD, both inclusive, in UTC. */
export interface ConversionRange {
  from: string;
  to: string;
}

/** The last event the figures include. */
export interface ConversionAsOf {
  position: number;
  occurredAt: string | null;
}

/** Hours from first visit to sign-up: each bucket holds [min, max). */
export const TIME_TO_CONVERSION_BUCKETS = [
  { bucket: '<1h', min: 0, max: 1 },
  { bucket: '1-24h', min: 1, max: 24 },
  { bucket: '1-7d', min: 24, max: 7 * 24 },
  { bucket: '7-30d', min: 7 * 24, max: 30 * 24 },
  { bucket: '>30d', min: 30 * 24, max: Infinity },
] as const;

/** Sources beyond the largest ones are summed into one row, so a flood of made-up utm_source values stays one row. */
export const MAX_SOURCES = 50;
export const OTHER_SOURCES = '(other)';

const HOUR_MS = 3_600_000;

function funnelOf(journeys: readonly ConversionJourney[]): ConversionFunnelView {
  let searched = 0;
  let called = 0;
  let signedUp = 0;
  for (const journey of journeys) {
    if (journey.searchedAt !== null) searched++;
    if (journey.calledAt !== null) called++;
    if (journey.signedUpAt !== null) signedUp++;
  }
  return { visitors: journeys.length, searched, called, signed_up: signedUp };
}

function groupBy<K>(journeys: readonly ConversionJourney[], key: (journey: ConversionJourney) => K): Map<K, ConversionJourney[]> {
  const groups = new Map<K, ConversionJourney[]>();
  for (const journey of journeys) {
    const k = key(journey);
    const group = groups.get(k);
    if (group) group.push(journey);
    else groups.set(k, [journey]);
  }
  return groups;
}

export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The analysts' report over the visitors whose first visit falls in the range: each funnel stage counts
 * the visitors that reached it (stages are counted on their own: a visitor who signed up without
 * calling counts as signed up, not as called), time to conversion over those who signed up, the weeks
 * their first visits fall in (every ISO week of the range, empty ones too) and where they came from.
 */
export function conversionReport(journeys: readonly ConversionJourney[], range: ConversionRange, asOf: ConversionAsOf): ConversionReportView {
  const inRange = journeys.filter((journey) => {
    const day = journey.firstVisitAt.slice(0, 10);
    return day >= range.from && day <= range.to;
  });

  const hours = inRange
    .filter((journey) => journey.signedUpAt !== null)
    .map((journey) => (Date.parse(journey.signedUpAt!) - Date.parse(journey.firstVisitAt)) / HOUR_MS);
  const median = medianOf(hours);

  // A week per day of first visits, reckoned once: per journey it was most of the report's own time.
  const mondays = new Map<string, string>();
  const byWeek = groupBy(inRange, (journey) => {
    const day = journey.firstVisitAt.slice(0, 10);
    let monday = mondays.get(day);
    if (monday === undefined) mondays.set(day, (monday = isoWeekMonday(day)));
    return monday;
  });
  const bySource = groupBy(inRange, (journey) => journey.source);
  const sources = [...bySource].map(([source, group]) => ({ source, ...funnelOf(group) }));
  sources.sort((a, b) => b.visitors - a.visitors || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
  const shown = sources.slice(0, MAX_SOURCES);
  if (sources.length > MAX_SOURCES) {
    const rest = funnelOf(inRange.filter((journey) => !shown.some((row) => row.source === journey.source)));
    shown.push({ source: OTHER_SOURCES, ...rest });
  }

  return {
    from: range.from,
    to: range.to,
    as_of: { position: asOf.position, occurred_at: asOf.occurredAt },
    funnel: funnelOf(inRange),
    time_to_conversion: TIME_TO_CONVERSION_BUCKETS.map(({ bucket, min, max }) => ({ bucket, visitors: hours.filter((h) => h >= min && h < max).length })),
    median_hours_to_conversion: median === null ? null : twoDecimals(median),
    weeks: isoWeeksBetween(range.from, range.to).map((week) => ({ week, ...funnelOf(byWeek.get(week) ?? []) })),
    sources: shown,
  };
}

/** The range the report reads when none is given: the 12 weeks (84 days) ending `today`. */
export const defaultConversionRange = (today: string): ConversionRange => ({ from: addDays(today, -83), to: today });
