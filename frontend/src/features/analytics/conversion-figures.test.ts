// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asOfText, bucketLabel, formatDuration, formatRate, funnelSteps, isoWeekName } from './conversion-figures';

describe('conversion figures', () => {
  it('gives each funnel stage its share of the stage before and of all visitors', () => {
    const steps = funnelSteps({ visitors: 120, searched: 84, called: 30, signed_up: 12 });
    expect(steps.map(({ label, count, stepRate, overallRate }) => [label, count, formatRate(stepRate), formatRate(overallRate)])).toEqual([
      ['Visited', 120, '–', '100%'],
      ['Searched', 84, '70%', '70%'],
      ['Called', 30, '35.7%', '25%'],
      ['Signed up', 12, '40%', '10%'],
    ]);
  });

  it('has no rate after an empty stage', () => {
    const steps = funnelSteps({ visitors: 3, searched: 0, called: 0, signed_up: 0 });
    expect(steps.map((step) => step.stepRate)).toEqual([null, 0, null, null]);
    expect(funnelSteps({ visitors: 0, searched: 0, called: 0, signed_up: 0 }).every((step) => step.overallRate === null)).toBe(true);
  });

  it('writes the median in minutes, hours or days', () => {
    expect(formatDuration(null)).toBe('no sign-ups yet');
    expect(formatDuration(0.004)).toBe('1 minute');
    expect(formatDuration(0.25)).toBe('15 minutes');
    expect(formatDuration(1)).toBe('1 hour');
    expect(formatDuration(2.5)).toBe('2.5 hours');
    expect(formatDuration(72)).toBe('3 days');
    expect(formatDuration(100)).toBe('4.2 days');
  });

  it('names the buckets in words, keeping one it does not know', () => {
    expect(['<1h', '1-24h', '1-7d', '7-30d', '>30d', '90d+'].map(bucketLabel)).toEqual([
      'Under 1 hour',
      '1 to 24 hours',
      '1 to 7 days',
      '7 to 30 days',
      'Over 30 days',
      '90d+',
    ]);
  });

  it('names ISO weeks, across year ends too', () => {
    expect(isoWeekName('2026-11-23')).toBe('2026-W48');
    expect(isoWeekName('2021-01-04')).toBe('2021-W01');
    expect(isoWeekName('2020-12-28')).toBe('2020-W53');
    expect(isoWeekName('2024-12-30')).toBe('2025-W01');
    expect(isoWeekName('2025-12-29')).toBe('2026-W01');
  });

  it('says which event the figures are as of, and when it was recorded', () => {
    expect(asOfText({ position: 1234, occurred_at: '2026-11-24T15:00:05.000Z' })).toMatch(
      /^Figures as of event #1,234, recorded Nov 24, 2026, \d{1,2}:00:05 [AP]M .+$/,
    );
    expect(asOfText({ position: 0, occurred_at: null })).toBe('Figures as of event #0: nothing has been recorded yet');
  });
});
