/** The page's address: `/analytics?from=2026-09-01&to=2026-11-24&as_of=2026-11-01T12:00:00.000Z`. */
export interface ConversionSearch {
  from?: string;
  to?: string;
  as_of?: string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
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
