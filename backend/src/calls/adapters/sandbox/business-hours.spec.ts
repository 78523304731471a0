import { isWithinBusinessHours, localTimeAt } from './business-hours';
import { ALWAYS_OPEN, daily, period, WEEKDAYS } from './opening-periods.fixture';

const NEW_YORK = 'America/New_York';
const OFFICE = daily(WEEKDAYS, '09:00', '17:00');

describe('localTimeAt', () => {
  it('reads the wall clock of a zone, daylight saving included', () => {
    expect(localTimeAt(NEW_YORK, new Date('2025-03-07T14:30:00Z'))).toEqual({ day: 5, minuteOfDay: 9 * 60 + 30 });
    expect(localTimeAt(NEW_YORK, new Date('2025-03-10T14:30:00Z'))).toEqual({ day: 1, minuteOfDay: 10 * 60 + 30 });
    expect(localTimeAt('Asia/Kolkata', new Date('2025-03-07T20:00:00Z'))).toEqual({ day: 6, minuteOfDay: 90 });
  });

  it('applies a fixed UTC offset, and gives up on unknown zones', () => {
    expect(localTimeAt(-300, new Date('2025-03-07T03:00:00Z'))).toEqual({ day: 4, minuteOfDay: 22 * 60 });
    expect(localTimeAt('Mars/Olympus_Mons', new Date())).toBeNull();
    expect(localTimeAt(null, new Date())).toBeNull();
  });
});

describe('isWithinBusinessHours', () => {
  it('is open from the opening minute and closed from the closing minute', () => {
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-07T13:59:00Z'))).toBe(false); // Fri 08:59 EST
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-07T14:00:00Z'))).toBe(true); // Fri 09:00
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-07T21:59:00Z'))).toBe(true); // Fri 16:59
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-07T22:00:00Z'))).toBe(false); // Fri 17:00
  });

  it('follows daylight saving: the same UTC instant is 8:30 before the change and 9:30 after', () => {
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-07T13:30:00Z'))).toBe(false); // Fri 08:30 EST
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-10T13:30:00Z'))).toBe(true); // Mon 09:30 EDT
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-11-03T13:30:00Z'))).toBe(false); // Mon 08:30 EST again
  });

  it('is closed on days without a period', () => {
    expect(isWithinBusinessHours(OFFICE, NEW_YORK, new Date('2025-03-09T16:00:00Z'))).toBe(false); // Sunday noon
  });

  it('keeps a period open past midnight, and past Saturday into Sunday', () => {
    const late = [period(5, '11:00', 6, '02:00'), period(6, '11:00', 0, '02:00')];
    expect(isWithinBusinessHours(late, NEW_YORK, new Date('2025-03-08T06:30:00Z'))).toBe(true); // Sat 01:30 (Friday's night)
    expect(isWithinBusinessHours(late, NEW_YORK, new Date('2025-03-09T06:30:00Z'))).toBe(true); // Sun 01:30 EST (Saturday's night)
    expect(isWithinBusinessHours(late, NEW_YORK, new Date('2025-03-09T07:00:00Z'))).toBe(false); // Sun 03:00 EDT
    expect(isWithinBusinessHours(late, NEW_YORK, new Date('2025-03-08T08:00:00Z'))).toBe(false); // Sat 03:00
  });

  it('treats a period without a closing time as open around the clock', () => {
    for (const at of ['2025-03-09T08:00:00Z', '2025-03-12T23:59:00Z', '2025-03-15T04:00:00Z']) {
      expect(isWithinBusinessHours(ALWAYS_OPEN, NEW_YORK, new Date(at))).toBe(true);
    }
  });

  it('handles split days', () => {
    const split = [...daily([2], '11:30', '14:30'), ...daily([2], '17:00', '22:00')];
    expect(isWithinBusinessHours(split, NEW_YORK, new Date('2025-03-11T17:00:00Z'))).toBe(true); // Tue 13:00
    expect(isWithinBusinessHours(split, NEW_YORK, new Date('2025-03-11T20:00:00Z'))).toBe(false); // Tue 16:00
    expect(isWithinBusinessHours(split, NEW_YORK, new Date('2025-03-11T23:00:00Z'))).toBe(true); // Tue 19:00
  });

  it('uses a UTC offset when the zone is not known', () => {
    expect(isWithinBusinessHours(OFFICE, -300, new Date('2025-03-07T14:30:00Z'))).toBe(true);
    expect(isWithinBusinessHours(OFFICE, 60, new Date('2025-03-07T14:30:00Z'))).toBe(true);
    expect(isWithinBusinessHours(OFFICE, 540, new Date('2025-03-07T14:30:00Z'))).toBe(false); // 23:30 in Tokyo
  });

  it('is unknown without hours or without a zone', () => {
    expect(isWithinBusinessHours([], NEW_YORK, new Date())).toBeNull();
    expect(isWithinBusinessHours(OFFICE, null, new Date())).toBeNull();
    expect(isWithinBusinessHours(OFFICE, 'Not/AZone', new Date())).toBeNull();
  });
});
