import type { OpeningPeriod } from '../../../discovery/ports/business-directory';

/** One opening period from 'HH:MM' times, day 0 = Sunday. */
export function period(openDay: number, open: string, closeDay: number, close: string): OpeningPeriod {
  const [openHour, openMinute] = open.split(':').map(Number);
  const [closeHour, closeMinute] = close.split(':').map(Number);
  return { open: { day: openDay, hour: openHour!, minute: openMinute! }, close: { day: closeDay, hour: closeHour!, minute: closeMinute! } };
}

/** The same hours on each of `days`, closing the same day (or the next, when `close` is earlier than `open`). */
export function daily(days: number[], open: string, close: string): OpeningPeriod[] {
  return days.map((day) => period(day, open, close <= open ? (day + 1) % 7 : day, close));
}

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const ALWAYS_OPEN: OpeningPeriod[] = [{ open: { day: 0, hour: 0, minute: 0 } }];
