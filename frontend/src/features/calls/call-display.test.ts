// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCallTime } from './format-call-time';
import { scoreColor } from './score-color';

describe('formatCallTime', () => {
  it('shows times under 1000 ms in ms', () => {
    expect(formatCallTime(0)).toBe('0 ms');
    expect(formatCallTime(999)).toBe('999 ms');
  });

  it('shows longer times in seconds with one decimal', () => {
    expect(formatCallTime(1000)).toBe('1.0 s');
    expect(formatCallTime(12_449)).toBe('12.4 s');
  });

  it('shows a missing time as N/A', () => {
    expect(formatCallTime(null)).toBe('N/A');
    expect(formatCallTime(undefined)).toBe('N/A');
  });
});

describe('scoreColor', () => {
  it('is green from 8, yellow from 6, red below', () => {
    expect(scoreColor(10)).toBe('green');
    expect(scoreColor(8)).toBe('green');
    expect(scoreColor(7.9)).toBe('yellow');
    expect(scoreColor(6)).toBe('yellow');
    expect(scoreColor(5.9)).toBe('red');
  });
});
