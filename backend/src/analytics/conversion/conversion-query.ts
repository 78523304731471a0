import { type AsOfTarget, type ConversionRange, addDays, dayStart, defaultConversionRange } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';

/** Longest range of first visits one report covers: two years, a leap day included. */
export const MAX_RANGE_DAYS = 731;

/** The report's query parameters, as sent. */
export interface ConversionQueryInput {
  from?: string;
  to?: string;
  as_of?: string;
  as_of_position?: string;
}

export interface ConversionQuery {
  range: ConversionRange;
  /** Null: the live read model answers. */
  asOf: AsOfTarget | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function parseDay(value: string, field: string): string {
  // A day that does not exist (2026-02-30) comes back as another one.
  if (!DAY.test(value) || !Number.isFinite(dayStart(value)) || new Date(dayStart(value)).toISOString().slice(0, 10) !== value) {
    throw DomainError.invalid(field, `${field} must be a date as YYYY-MM-DD`);
  }
  return value;
}

/** The end of the day for a bare date; the instant itself for a date-time. */
function parseAsOf(value: string, now: Date): string {
  const instant = DAY.test(value) ? Date.parse(`${value}T23:59:59.999Z`) : Date.parse(value);
  if (!DATE_TIME.test(value) || !Number.isFinite(instant) || (DAY.test(value) && parseDay(value, 'as_of') !== value)) {
    throw DomainError.invalid('as_of', 'as_of must be an ISO-8601 date-time with its offset (2026-11-30T12:00:00Z) or a date (YYYY-MM-DD)');
  }
  // Nothing has happened after now: a later as-of reads the log as it stands.
  return new Date(Math.min(instant, now.getTime())).toISOString();
}

function parsePosition(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw DomainError.invalid('as_of_position', 'as_of_position must be a whole number of at least 0');
  return Number(value);
}

/**
 * Reads the range (default: the 12 weeks ending today, UTC; a missing end is filled from the other)
 * and the as-of (a date-time or a position, not both). Each mistake is a 400 naming its field.
 */
export function parseConversionQuery(input: ConversionQueryInput, now: Date): ConversionQuery {
  const today = now.toISOString().slice(0, 10);
  const from = input.from === undefined ? undefined : parseDay(input.from, 'from');
  const to = input.to === undefined ? undefined : parseDay(input.to, 'to');
  const fallback = defaultConversionRange(to ?? today);
  const range = { from: from ?? fallback.from, to: to ?? (from ? minDay(addDays(from, 83), today, from) : fallback.to) };
  if (range.from > range.to) throw DomainError.invalid('from', 'from must be on or before to');
  const days = (dayStart(range.to) - dayStart(range.from)) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) throw DomainError.invalid('to', `to must be at most ${MAX_RANGE_DAYS} days (two years) after from`);

  if (input.as_of !== undefined && input.as_of_position !== undefined) {
    throw DomainError.invalid('as_of_position', 'give as_of or as_of_position, not both');
  }
  const asOf =
    input.as_of !== undefined
      ? { date: parseAsOf(input.as_of, now) }
      : input.as_of_position !== undefined
        ? { position: parsePosition(input.as_of_position) }
        : null;
  return { range, asOf };
}

/** The earlier of twelve weeks after `from` and today, but never before `from`. */
function minDay(twelveWeeksOn: string, today: string, from: string): string {
  const end = twelveWeeksOn < today ? twelveWeeksOn : today;
  return end < from ? twelveWeeksOn : end;
}
