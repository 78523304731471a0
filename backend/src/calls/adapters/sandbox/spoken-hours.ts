import type { OpeningPeriod } from '../../../discovery/ports/business-directory';
import type { LocalTime } from './business-hours';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
const MINUTES_PER_DAY = 24 * 60;

/** Opening and closing minute of one range on its opening day; the close may pass midnight (> 1440). */
interface DayRange {
  open: number;
  close: number;
}

/** 'seven AM', '5:30 PM', 'noon', 'midnight', as a person says them. */
export function spokenTime(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  if (minutes === 0) return 'midnight';
  if (minutes === 12 * 60) return 'noon';
  const hour24 = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const clock = minute === 0 ? String(hour12) : `${hour12}:${String(minute).padStart(2, '0')}`;
  return `${clock} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** Whether the periods say open around the clock. */
export function isAlwaysOpen(periods: readonly OpeningPeriod[]): boolean {
  return periods.some((period) => !period.close);
}

/** The whole week in a sentence: "We're open Monday through Friday, 7 AM to 5 PM, and Saturday, 8 AM to noon." */
export function describeWeeklyHours(periods: readonly OpeningPeriod[]): string {
  if (periods.length === 0) return "I'm not sure about our hours, to be honest.";
  if (isAlwaysOpen(periods)) return "We're open twenty-four seven.";
  const week = rangesByDay(periods);
  const groups: { days: number[]; text: string }[] = [];
  for (const day of MONDAY_FIRST) {
    const ranges = week[day]!;
    if (ranges.length === 0) continue;
    const text = ranges.map((range) => `${spokenTime(range.open)} to ${spokenTime(range.close)}`).join(' and ');
    const last = groups[groups.length - 1];
    const previousDay = last ? last.days[last.days.length - 1]! : -1;
    if (last && last.text === text && MONDAY_FIRST.indexOf(day) === MONDAY_FIRST.indexOf(previousDay) + 1) last.days.push(day);
    else groups.push({ days: [day], text });
  }
  const phrases = groups.map((group) => `${dayRangeName(group.days)}, ${group.text}`);
  const list = phrases.length === 1 ? phrases[0] : `${phrases.slice(0, -1).join('; ')}; and ${phrases[phrases.length - 1]}`;
  return `We're open ${list}.`;
}

/** Today's hours as the desk would say them at `local`: open until, opening later, or closed today. */
export function describeTodayHours(periods: readonly OpeningPeriod[], local: LocalTime | null): string {
  if (periods.length === 0) return "I'm not sure about our hours, to be honest.";
  if (isAlwaysOpen(periods)) return "We're open twenty-four hours, so anytime.";
  if (!local) return describeWeeklyHours(periods);
  const week = rangesByDay(periods);
  const now = local.minuteOfDay;
  const yesterday = week[(local.day + 6) % 7]!.find((range) => range.close > MINUTES_PER_DAY && now < range.close - MINUTES_PER_DAY);
  if (yesterday) return `We're open until ${spokenTime(yesterday.close)} tonight.`;
  const today = week[local.day]!;
  const current = today.find((range) => now >= range.open && now < range.close);
  if (current) return `We're open until ${spokenTime(current.close)} ${current.close > MINUTES_PER_DAY ? 'tonight' : 'today'}.`;
  const later = today.find((range) => range.open > now);
  if (later) return `Today we open at ${spokenTime(later.open)} and close at ${spokenTime(later.close)}.`;
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = (local.day + ahead) % 7;
    const first = week[day]![0];
    if (first) return `We're closed for the day, but we open ${ahead === 1 ? 'tomorrow' : `on ${DAY_NAMES[day]}`} at ${spokenTime(first.open)}.`;
  }
  return "I'm not sure about our hours, to be honest.";
}

/** The same periods with every closing time moved by `minutes` (a desk that gets its hours wrong). */
export function shiftClosingTimes(periods: readonly OpeningPeriod[], minutes: number): OpeningPeriod[] {
  return periods.map((period) => {
    if (!period.close) return period;
    const total = period.close.day * MINUTES_PER_DAY + period.close.hour * 60 + period.close.minute + minutes;
    const wrapped = ((total % (7 * MINUTES_PER_DAY)) + 7 * MINUTES_PER_DAY) % (7 * MINUTES_PER_DAY);
    return {
      open: period.open,
      close: { day: Math.floor(wrapped / MINUTES_PER_DAY), hour: Math.floor((wrapped % MINUTES_PER_DAY) / 60), minute: wrapped % 60 },
    };
  });
}

function rangesByDay(periods: readonly OpeningPeriod[]): DayRange[][] {
  const week: DayRange[][] = Array.from({ length: 7 }, () => []);
  for (const period of periods) {
    if (!period.close) continue;
    const open = period.open.hour * 60 + period.open.minute;
    const daysLater = (period.close.day - period.open.day + 7) % 7;
    let close = daysLater * MINUTES_PER_DAY + period.close.hour * 60 + period.close.minute;
    if (close <= open) close += 7 * MINUTES_PER_DAY;
    week[period.open.day]!.push({ open, close });
  }
  for (const ranges of week) ranges.sort((a, b) => a.open - b.open);
  return week;
}

function dayRangeName(days: number[]): string {
  const first = DAY_NAMES[days[0]!]!;
  if (days.length === 1) return first;
  const last = DAY_NAMES[days[days.length - 1]!]!;
  return days.length === 2 ? `${first} and ${last}` : `${first} through ${last}`;
}
