const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD day, in epoch milliseconds. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(dayStart(day) + days * DAY_MS);

/** The Monday (YYYY-MM-DD, UTC) of the ISO week holding `day`. */
export function isoWeekMonday(day: string): string {
  const start = dayStart(day);
  const sinceMonday = (new Date(start).getUTCDay() + 6) % 7;
  return dayOf(start - sinceMonday * DAY_MS);
}

/** Every ISO week touching the days from `from` to `to`, by its Monday, oldest first. */
export function isoWeeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let monday = isoWeekMonday(from); monday <= to; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}
