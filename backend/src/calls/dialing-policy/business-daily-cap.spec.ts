import { businessDailyCap } from './business-daily-cap';

const NOW = Date.parse('2031-05-06T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3600 * 1000).toISOString();

describe('businessDailyCap', () => {
  it.each([
    [[], 3],
    [[hoursAgo(1)], 3],
    [[hoursAgo(1), hoursAgo(2)], 3],
    [[hoursAgo(1)], 2],
  ])('allows a call after %j with a cap of %i', (recent, limit) => {
    expect(businessDailyCap(recent, limit, NOW)).toEqual({ allowed: true });
  });

  it.each([
    // The window reopens when the cap-th newest call is a day old.
    [[hoursAgo(1), hoursAgo(2), hoursAgo(20)], 3, 4 * 3600],
    [[hoursAgo(0), hoursAgo(0), hoursAgo(0)], 3, 24 * 3600],
    [[hoursAgo(1), hoursAgo(5)], 2, 19 * 3600],
    [[hoursAgo(3)], 1, 21 * 3600],
    // More calls than the cap (it was lowered): the cap-th newest still decides.
    [[hoursAgo(1), hoursAgo(2), hoursAgo(3), hoursAgo(4)], 2, 22 * 3600],
    // A call just about to leave the window still counts, for at least a second.
    [[hoursAgo(23.9999999)], 1, 1],
  ])('refuses after %j with a cap of %i, for %i seconds', (recent, limit, retryAfterSeconds) => {
    expect(businessDailyCap(recent, limit, NOW)).toEqual({ allowed: false, retryAfterSeconds });
  });
});
