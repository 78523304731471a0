import { callbackTimeMs, ringsIn } from './callback-timing';

describe('callback timing', () => {
  const second = Date.UTC(2026, 0, 5, 15, 0, 7);
  const timestamp = new Date(second).toUTCString();

  it('keeps the arrival time within the second the Timestamp names', () => {
    expect(callbackTimeMs(timestamp, second + 240)).toBe(second + 240);
    expect(callbackTimeMs(timestamp, second + 4000)).toBe(second + 999);
    expect(callbackTimeMs('Mon, 05 Jan 2026 15:00:07 +0000', second - 30)).toBe(second);
    expect(callbackTimeMs(undefined, 1234)).toBe(1234);
    expect(callbackTimeMs('not a date', 1234)).toBe(1234);
  });

  it('counts a ring every 6 s, the first at once', () => {
    expect([0, 5999, 6000, 17_999, 18_000].map(ringsIn)).toEqual([1, 1, 2, 3, 4]);
  });
});
