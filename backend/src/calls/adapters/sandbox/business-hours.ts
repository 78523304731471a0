import type { OpeningPeriod } from '../../../discovery/ports/business-directory';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment as the business's own wall clock reads it. */
export interface LocalTime {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

/**
 * The business's local weekday and time at `at`, from its IANA time zone (daylight saving applied
 * by Intl) or a fixed UTC offset in minutes; null when neither is known or the zone is not valid.
 */
export function localTimeAt(zone: string | number | null, at: Date): LocalTime | null {
  if (zone === null) return null;
  if (typeof zone === 'number') {
    const shifted = new Date(at.getTime() + zone * 60_000);
    return { day: shifted.getUTCDay(), minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
  }
  const formatter = formatterFor(zone);
  if (!formatter) return null;
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  const day = WEEKDAYS[parts.weekday ?? ''];
  if (day === undefined) return null;
  return { day, minuteOfDay: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

/**
 * Whether the business is open at `at` by its weekly opening periods (Google's shape: day 0 =
 * Sunday, local time). Periods may run past midnight and past Saturday into Sunday; a period
 * without a closing time means open around the clock. Null when the hours or the zone are unknown.
 */
export function isWithinBusinessHours(periods: readonly OpeningPeriod[], zone: string | number | null, at: Date): boolean | null {
  if (periods.length === 0) return null;
  const local = localTimeAt(zone, at);
  if (!local) return null;
  return isOpenAt(periods, local);
}

/** Whether the periods cover a local weekday and time. */
export function isOpenAt(periods: readonly OpeningPeriod[], local: LocalTime): boolean {
  const now = local.day * MINUTES_PER_DAY + local.minuteOfDay;
  return periods.some((period) => {
    if (!period.close) return true;
    const open = weekMinute(period.open);
    let close = weekMinute(period.close);
    if (close <= open) close += MINUTES_PER_WEEK;
    return (now >= open && now < close) || (now + MINUTES_PER_WEEK >= open && now + MINUTES_PER_WEEK < close);
  });
}

/** The zone argument for a business: its IANA zone when known, else its UTC offset. */
export function businessZone(business: { timeZone: string | null; utcOffsetMinutes: number | null }): string | number | null {
  return business.timeZone ?? business.utcOffsetMinutes;
}

function weekMinute(point: { day: number; hour: number; minute: number }): number {
  return point.day * MINUTES_PER_DAY + point.hour * 60 + point.minute;
}

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}
