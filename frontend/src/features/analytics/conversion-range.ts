import type { ConversionQuery } from '../../api/conversion-api';

/** The page's address: `/analytics?from=2026-09-01&to=2026-11-24&as_of=2026-11-01T12:00:00.000Z`. */
export interface ConversionSearch {
  from?: string;
  to?: string;
  as_of?: string;
}

/** What the range form holds: dates as `<input type="date">` gives them, the moment as `datetime-local` does. */
export interface RangeFormValues {
  from: string;
  to: string;
  /** Local date-time (`YYYY-MM-DDTHH:mm`); empty for the latest figures. */
  asOf: string;
}

export type RangeFormErrors = Partial<Record<keyof RangeFormValues, string>>;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isIsoDateTime = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

/**
 * Keeps what the address may hold: real dates, a range that runs forwards, and a moment with its zone.
 * Anything else is dropped, and the server's default range is shown instead.
 */
export function validateConversionSearch(search: Record<string, unknown>): ConversionSearch {
  const from = isCalendarDate(search.from) ? search.from : undefined;
  const to = isCalendarDate(search.to) ? search.to : undefined;
  const backwards = from !== undefined && to !== undefined && from > to;
  const asOf = isIsoDateTime(search.as_of) ? new Date(search.as_of).toISOString() : undefined;
  return {
    ...(from && !backwards ? { from } : {}),
    ...(to && !backwards ? { to } : {}),
    ...(asOf ? { as_of: asOf } : {}),
  };
}

export const queryOf = (search: ConversionSearch): ConversionQuery => ({ from: search.from, to: search.to, asOf: search.as_of });

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as `datetime-local` shows it, in the browser's time zone. */
export function localDateTimeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's fields for the range on screen: the address's, else the range the server answered. */
export function formValuesOf(search: ConversionSearch, shown?: { from: string; to: string }): RangeFormValues {
  return {
    from: search.from ?? shown?.from ?? '',
    to: search.to ?? shown?.to ?? '',
    asOf: search.as_of ? localDateTimeOf(search.as_of) : '',
  };
}

/** What is wrong with the form, field by field; empty when it can be applied. */
export function rangeErrors(values: RangeFormValues, now: Date = new Date()): RangeFormErrors {
  const errors: RangeFormErrors = {};
  if (!values.from) errors.from = 'Enter the first day';
  else if (!isCalendarDate(values.from)) errors.from = 'Enter a date as YYYY-MM-DD';
  if (!values.to) errors.to = 'Enter the last day';
  else if (!isCalendarDate(values.to)) errors.to = 'Enter a date as YYYY-MM-DD';
  if (!errors.from && !errors.to && values.from > values.to) errors.to = 'The last day cannot be before the first';
  if (values.asOf) {
    const asOf = LOCAL_DATE_TIME.test(values.asOf) ? new Date(values.asOf) : null;
    if (!asOf || Number.isNaN(asOf.getTime())) errors.asOf = 'Enter a date and time';
    else if (asOf.getTime() > now.getTime()) errors.asOf = 'The figures cannot be as of a time still to come';
  }
  return errors;
}

/** The address for valid form values (check `rangeErrors` first); the local moment becomes an instant. */
export function searchOfForm(values: RangeFormValues): ConversionSearch {
  return {
    from: values.from,
    to: values.to,
    ...(values.asOf ? { as_of: new Date(values.asOf).toISOString() } : {}),
  };
}
