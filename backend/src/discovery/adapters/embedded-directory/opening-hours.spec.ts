import { buildSchedule } from './opening-hours';

describe('buildSchedule', () => {
  it('writes office hours Google style, Monday first, closed days included', () => {
    const schedule = buildSchedule('Mo-Fr 09:00-17:00');
    expect(schedule.weekdayText).toEqual([
      'Monday: 9:00 AM – 5:00 PM',
      'Tuesday: 9:00 AM – 5:00 PM',
      'Wednesday: 9:00 AM – 5:00 PM',
      'Thursday: 9:00 AM – 5:00 PM',
      'Friday: 9:00 AM – 5:00 PM',
      'Saturday: Closed',
      'Sunday: Closed',
    ]);
    expect(schedule.openingPeriods).toHaveLength(5);
    expect(schedule.openingPeriods[0]).toEqual({ open: { day: 1, hour: 9, minute: 0 }, close: { day: 1, hour: 17, minute: 0 } });
  });

  it('marks a place open around the clock the way Google does', () => {
    const schedule = buildSchedule('24/7');
    expect(schedule.weekdayText).toHaveLength(7);
    expect(schedule.weekdayText[0]).toBe('Monday: Open 24 hours');
    expect(schedule.weekdayText[6]).toBe('Sunday: Open 24 hours');
    expect(schedule.openingPeriods).toEqual([{ open: { day: 0, hour: 0, minute: 0 } }]);
  });

  it('closes on the next day when the closing time is past midnight, wrapping Saturday into Sunday', () => {
    const schedule = buildSchedule('Fr-Sa 11:00-02:00');
    expect(schedule.openingPeriods).toEqual([
      { open: { day: 5, hour: 11, minute: 0 }, close: { day: 6, hour: 2, minute: 0 } },
      { open: { day: 6, hour: 11, minute: 0 }, close: { day: 0, hour: 2, minute: 0 } },
    ]);
    expect(schedule.weekdayText[4]).toBe('Friday: 11:00 AM – 2:00 AM');
  });

  it('keeps AM/PM on both ends across midnight and drops the first when both share it', () => {
    expect(buildSchedule('Mo 11:00-00:00').weekdayText[0]).toBe('Monday: 11:00 AM – 12:00 AM');
    expect(buildSchedule('Mo 17:00-22:00').weekdayText[0]).toBe('Monday: 5:00 – 10:00 PM');
    expect(buildSchedule('Mo 06:30-11:45').weekdayText[0]).toBe('Monday: 6:30 – 11:45 AM');
    expect(buildSchedule('Mo 12:00-14:00').weekdayText[0]).toBe('Monday: 12:00 – 2:00 PM');
  });

  it('lists split shifts in one line and day lists and wrapped ranges', () => {
    const split = buildSchedule('Tu-Su 11:30-14:30,17:00-22:00');
    expect(split.weekdayText[0]).toBe('Monday: Closed');
    expect(split.weekdayText[1]).toBe('Tuesday: 11:30 AM – 2:30 PM, 5:00 – 10:00 PM');
    expect(split.openingPeriods).toHaveLength(12);

    const wrapped = buildSchedule('Su-Tu 10:00-12:00; We,Fr 08:00-09:00');
    expect(wrapped.openingPeriods.map((period) => period.open.day)).toEqual([0, 1, 2, 3, 5]);
  });

  it('refuses what it cannot read', () => {
    expect(() => buildSchedule('Mo-Fr 9-5')).toThrow(/time range/);
    expect(() => buildSchedule('Xx 09:00-17:00')).toThrow(/Unknown day/);
    expect(() => buildSchedule('09:00-17:00')).toThrow(/Unreadable/);
  });
});
