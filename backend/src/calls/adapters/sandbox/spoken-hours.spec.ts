import { ALWAYS_OPEN, daily, period, WEEKDAYS } from './opening-periods.fixture';
import { describeTodayHours, describeWeeklyHours, shiftClosingTimes, spokenTime } from './spoken-hours';

const TRADES = [...daily(WEEKDAYS, '07:00', '17:00'), ...daily([6], '08:00', '12:00')];

describe('spokenTime', () => {
  it('says times the way people do', () => {
    expect(spokenTime(0)).toBe('midnight');
    expect(spokenTime(12 * 60)).toBe('noon');
    expect(spokenTime(7 * 60)).toBe('7 AM');
    expect(spokenTime(17 * 60 + 30)).toBe('5:30 PM');
    expect(spokenTime(26 * 60)).toBe('2 AM');
  });
});

describe('describeWeeklyHours', () => {
  it('groups consecutive days with the same hours', () => {
    expect(describeWeeklyHours(daily(WEEKDAYS, '09:00', '17:00'))).toBe("We're open Monday through Friday, 9 AM to 5 PM.");
    expect(describeWeeklyHours(TRADES)).toBe("We're open Monday through Friday, 7 AM to 5 PM; and Saturday, 8 AM to noon.");
    expect(describeWeeklyHours(daily([6, 0], '10:00', '16:00'))).toBe("We're open Saturday and Sunday, 10 AM to 4 PM.");
  });

  it('reads late closings, split days, round-the-clock and unknown hours', () => {
    expect(describeWeeklyHours(daily([5], '11:00', '02:00'))).toBe("We're open Friday, 11 AM to 2 AM.");
    expect(describeWeeklyHours([...daily([2], '11:30', '14:30'), ...daily([2], '17:00', '22:00')])).toBe("We're open Tuesday, 11:30 AM to 2:30 PM and 5 PM to 10 PM.");
    expect(describeWeeklyHours(ALWAYS_OPEN)).toBe("We're open twenty-four seven.");
    expect(describeWeeklyHours([])).toBe("I'm not sure about our hours, to be honest.");
  });
});

describe('describeTodayHours', () => {
  it('says until when, when it opens later today, or when it opens next', () => {
    expect(describeTodayHours(TRADES, { day: 3, minuteOfDay: 10 * 60 })).toBe("We're open until 5 PM today.");
    expect(describeTodayHours(TRADES, { day: 3, minuteOfDay: 6 * 60 })).toBe('Today we open at 7 AM and close at 5 PM.');
    expect(describeTodayHours(TRADES, { day: 5, minuteOfDay: 18 * 60 })).toBe("We're closed for the day, but we open tomorrow at 8 AM.");
    expect(describeTodayHours(TRADES, { day: 6, minuteOfDay: 13 * 60 })).toBe("We're closed for the day, but we open on Monday at 7 AM.");
  });

  it('knows a night that started the day before', () => {
    const late = [period(5, '11:00', 6, '02:00')];
    expect(describeTodayHours(late, { day: 5, minuteOfDay: 23 * 60 })).toBe("We're open until 2 AM tonight.");
    expect(describeTodayHours(late, { day: 6, minuteOfDay: 60 })).toBe("We're open until 2 AM tonight.");
  });
});

describe('shiftClosingTimes', () => {
  it('moves every closing time, across midnight when needed', () => {
    expect(describeWeeklyHours(shiftClosingTimes(daily(WEEKDAYS, '09:00', '17:00'), 60))).toBe("We're open Monday through Friday, 9 AM to 6 PM.");
    expect(shiftClosingTimes([period(6, '18:00', 6, '23:30')], 60)).toEqual([period(6, '18:00', 0, '00:30')]);
  });
});
