// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { locationsUsage, resetsOn, testCallsUsage } from './plans';

describe('plans', () => {
  it('words this month’s usage against the limit', () => {
    expect(testCallsUsage(3, 5)).toBe('3 of 5 test calls used this month');
    expect(testCallsUsage(0, 1)).toBe('0 of 1 test call used this month');
    expect(testCallsUsage(1, null)).toBe('1 test call this month (unlimited)');
    expect(locationsUsage(1, 1)).toBe('1 of 1 location');
    expect(locationsUsage(2, 5)).toBe('2 of 5 locations');
    expect(locationsUsage(7, null)).toBe('7 locations (unlimited)');
  });

  it('dates the reset in UTC, where the month starts', () => {
    expect(resetsOn('2027-01-01T00:00:00.000Z')).toBe('Test calls reset on January 1');
    expect(resetsOn('garbage')).toBe('');
  });
});
