import type { ConversionFunnel, ConversionReport } from '../../api/conversion-api';

export type FunnelStageKey = keyof ConversionFunnel;

/** The funnel's stages, in order: each counts the distinct visitors who got that far. */
export const FUNNEL_STAGES: ReadonlyArray<{ key: FunnelStageKey; label: string; color: string }> = [
  { key: 'visitors', label: 'Visited', color: 'ringcheck.3' },
  { key: 'searched', label: 'Searched', color: 'ringcheck.5' },
  { key: 'called', label: 'Called', color: 'ringcheck.7' },
  { key: 'signed_up', label: 'Signed up', color: 'ringcheck.9' },
];

export interface FunnelStep {
  key: FunnelStageKey;
  label: string;
  color: string;
  count: number;
  /** Share of the previous stage that reached this one; null for the first stage or after an empty one. */
  stepRate: number | null;
  /** Share of all visitors that reached this stage; null without visitors. */
  overallRate: number | null;
}

/** `part` of `whole`, or null when `whole` is empty. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export function funnelSteps(funnel: ConversionFunnel): FunnelStep[] {
  return FUNNEL_STAGES.map((stage, index) => {
    const count = funnel[stage.key];
    const previous = index === 0 ? null : funnel[FUNNEL_STAGES[index - 1].key];
    return {
      ...stage,
      count,
      stepRate: previous === null ? null : share(count, previous),
      overallRate: share(count, funnel.visitors),
    };
  });
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "42.9%", or an en dash when there is nothing to compare with. */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : percent.format(rate));

export const formatCount = (count: number): string => whole.format(count);

/** The median time to sign up in the unit that reads best: minutes, hours, then days. */
export function formatDuration(hours: number | null): string {
  if (hours === null) return 'no sign-ups yet';
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  if (hours < 48) return `${oneDecimal.format(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${oneDecimal.format(hours / 24)} days`;
}

const BUCKET_LABELS: Record<string, string> = {
  '<1h': 'Under 1 hour',
  '1-24h': '1 to 24 hours',
  '1-7d': '1 to 7 days',
  '7-30d': '7 to 30 days',
  '>30d': 'Over 30 days',
};

/** A time-to-conversion bucket in words; a bucket the page does not know keeps the server's name. */
export const bucketLabel = (bucket: string): string => BUCKET_LABELS[bucket] ?? bucket;

/** Monday `YYYY-MM-DD` of an ISO week as "2026-W45" (the week holding that year's 4 January is week 1). */
export function isoWeekName(monday: string): string {
  const date = new Date(`${monday}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return monday;
  // The Thursday of the week decides its year.
  const thursday = new Date(date.getTime() + ((3 - ((date.getUTCDay() + 6) % 7)) * 86_400_000));
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(4 - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A UTC day as "Nov 2", or with its year as "Nov 2, 2026". */
export const formatDay = (day: string, withYear = false): string => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : (withYear ? longDay : shortDay).format(date);
};

const recorded = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** "Figures as of event #1,234, recorded Nov 24, 2026, 3:00:05 PM UTC" (the visitor's time zone). */
export function asOfText({ position, occurred_at }: ConversionReport['as_of']): string {
  const event = `Figures as of event #${formatCount(position)}`;
  if (!occurred_at) return position === 0 ? 'Figures as of event #0: nothing has been recorded yet' : event;
  const when = new Date(occurred_at);
  return Number.isNaN(when.getTime()) ? event : `${event}, recorded ${recorded.format(when)}`;
}

/** Whether anyone first visited in the range. */
export const hasVisitors = (report: ConversionReport): boolean => report.funnel.visitors > 0;
