// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { businessNameOf } from './business-name';
import { businessHoursLabel, ordinalRing } from './call-labels';
import { formatCallDate } from './format-call-date';
import { formatDuration, formatPercent, formatScore, formatSeconds } from './format-measures';
import { formatPhone } from './format-phone';
import { formatTranscriptTime } from './format-transcript-time';

describe('call display formats', () => {
  it('shows transcript times in ms as m:ss', () => {
    expect(formatTranscriptTime(0)).toBe('0:00');
    expect(formatTranscriptTime(687)).toBe('0:00');
    expect(formatTranscriptTime(12_784)).toBe('0:12');
    expect(formatTranscriptTime(66_596)).toBe('1:06');
    expect(formatTranscriptTime(600_000)).toBe('10:00');
  });

  it('shows North American numbers nationally and others as given', () => {
    expect(formatPhone('+12125550199')).toBe('(212) 555-0199');
    expect(formatPhone('2125550199')).toBe('(212) 555-0199');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone(null)).toBe('Not available');
  });

  it('shows seconds with one decimal, ratios as percentages, durations in minutes and seconds', () => {
    expect(formatSeconds(16.1)).toBe('16.1 s');
    expect(formatSeconds(0)).toBe('0.0 s');
    expect(formatPercent(0.634)).toBe('63%');
    expect(formatDuration(42_400)).toBe('42 s');
    expect(formatDuration(65_295)).toBe('1m 05s');
    expect(formatDuration(null)).toBe('N/A');
    expect(formatScore(9.3)).toBe('9.3');
    expect(formatScore(10)).toBe('10');
  });

  it('names business hours and rings', () => {
    expect(businessHoursLabel(true)).toBe('During business hours');
    expect(businessHoursLabel(false)).toBe('Outside business hours');
    expect(businessHoursLabel('unknown')).toBe('Unknown');
    expect(ordinalRing(1)).toBe('1 ring');
    expect(ordinalRing(3)).toBe('3 rings');
  });

  it('shows dates in US English and nothing for a missing one', () => {
    expect(formatCallDate('2026-01-05T15:00:00.000Z')).toMatch(/^Jan [56], 2026, \d{1,2}:00 [AP]M$/);
    expect(formatCallDate(null)).toBe('');
    expect(formatCallDate('not a date')).toBe('');
  });

  it('names a call to a bare number by the number, shown nationally', () => {
    expect(businessNameOf({ business_name: 'Pizza Palace', to_number: '+16465550121' })).toBe('Pizza Palace');
    expect(businessNameOf({ business_name: '+12125550177', to_number: '+12125550177' })).toBe('(212) 555-0177');
    expect(businessNameOf({ business_name: '', to_number: '+12125550177' })).toBe('(212) 555-0177');
    expect(businessNameOf({ business_name: 'Route 66 Diner', to_number: '+12125550177' })).toBe('Route 66 Diner');
  });
});
