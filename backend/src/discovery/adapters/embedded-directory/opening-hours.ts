import type { OpeningPeriod } from '../../ports/business-directory';
import type { DirectorySchedule } from './directory-data-set';

const DAY_CODES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Google lists the weekday text Monday first. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const MINUTES_PER_DAY = 24 * 60;

/** Opening and closing minute of one range; `close` above 1440 runs into the next day. */
interface DayRange {
  open: number;
  close: number;
}

/**
 * Turns an opening_hours string (see hours-profiles.ts) into Google's opening periods (day 0 = Sunday)
 * and weekday text ('Monday: 9:00 AM – 5:00 PM', 'Sunday: Closed', 'Monday: Open 24 hours').
 */
export function buildSchedule(spec: string): DirectorySchedule {
  if (spec.trim() === '24/7') {
    return {
      weekdayText: MONDAY_FIRST.map((day) => `${DAY_NAMES[day]}: Open 24 hours`),
      openingPeriods: [{ open: { day: 0, hour: 0, minute: 0 } }],
    };
  }
  const week = parseWeek(spec);
  const openingPeriods: OpeningPeriod[] = [];
  for (let day = 0; day < 7; day += 1) {
    for (const range of week[day]!) {
      const closeDay = (day + Math.floor(range.close / MINUTES_PER_DAY)) % 7;
      const closeMinute = range.close % MINUTES_PER_DAY;
      openingPeriods.push({
        open: { day, hour: Math.floor(range.open / 60), minute: range.open % 60 },
        close: { day: closeDay, hour: Math.floor(closeMinute / 60), minute: closeMinute % 60 },
      });
    }
  }
  const weekdayText = MONDAY_FIRST.map((day) => {
    const ranges = week[day]!;
    const hours = ranges.length === 0 ? 'Closed' : ranges.map(formatRange).join(', ');
    return `${DAY_NAMES[day]}: ${hours}`;
  });
  return { weekdayText, openingPeriods };
}

function parseWeek(spec: string): DayRange[][] {
  const week: DayRange[][] = Array.from({ length: 7 }, () => []);
  for (const rule of spec.split(';').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\S+)\s+(.+)$/.exec(rule);
    if (!match) throw new Error(`Unreadable opening hours rule: '${rule}'`);
    const days = parseDays(match[1]!);
    const ranges = match[2]!.split(',').map((range) => parseRange(range.trim()));
    for (const day of days) week[day] = [...ranges].sort((a, b) => a.open - b.open);
  }
  return week;
}

function parseDays(text: string): number[] {
  const days: number[] = [];
  for (const part of text.split(',')) {
    const [from, to] = part.split('-').map(dayIndex);
    if (to === undefined) {
      days.push(from!);
      continue;
    }
    for (let day = from!; ; day = (day + 1) % 7) {
      days.push(day);
      if (day === to) break;
    }
  }
  return days;
}

function dayIndex(code: string): number {
  const index = DAY_CODES.indexOf(code as (typeof DAY_CODES)[number]);
  if (index < 0) throw new Error(`Unknown day '${code}' in opening hours`);
  return index;
}

function parseRange(text: string): DayRange {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`Unreadable time range '${text}' in opening hours`);
  const open = Number(match[1]) * 60 + Number(match[2]);
  let close = Number(match[3]) * 60 + Number(match[4]);
  if (close <= open) close += MINUTES_PER_DAY;
  return { open, close };
}

/**
 * '9:00 AM – 5:00 PM'; like Google, the opening time drops AM/PM when both times share it within the
 * same day ('5:00 – 10:00 PM'), but not across midnight ('11:00 AM – 12:00 AM').
 */
function formatRange(range: DayRange): string {
  const open = clock(range.open);
  const close = clock(range.close % MINUTES_PER_DAY);
  const sameHalfDay = open.meridiem === close.meridiem && range.close < MINUTES_PER_DAY;
  const openText = sameHalfDay ? open.time : `${open.time} ${open.meridiem}`;
  return `${openText} – ${close.time} ${close.meridiem}`;
}

function clock(minutes: number): { time: string; meridiem: 'AM' | 'PM' } {
  const hour24 = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return { time: `${hour12}:${String(minute).padStart(2, '0')}`, meridiem: hour24 < 12 ? 'AM' : 'PM' };
}
