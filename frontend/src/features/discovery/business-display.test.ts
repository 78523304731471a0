// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PIZZA_PALACE } from '../../test/discovery-fixtures';
import {
  businessStatusBadge,
  businessStatusLabel,
  businessTypeLabel,
  formatRating,
  formatRatingCount,
  todaysHours,
  visibleBusinessTypes,
} from './business-display';
import { toBusinessResult } from './business-result';

const WEEK = PIZZA_PALACE.hours!.weekday_text!;

describe('business display', () => {
  it('shows the rating to one decimal and the count of reviews', () => {
    expect(formatRating(3.94)).toBe('3.9');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRatingCount(1)).toBe('(1 review)');
    expect(formatRatingCount(1876)).toBe('(1,876 reviews)');
  });

  it('shows business types in lowercase with spaces, at most three and how many more', () => {
    expect(businessTypeLabel('Pizza_Restaurant')).toBe('pizza restaurant');
    expect(visibleBusinessTypes(['pizza_restaurant', 'restaurant'])).toEqual({ shown: ['pizza restaurant', 'restaurant'], more: 0 });
    expect(visibleBusinessTypes(['plumber', 'home_goods_store', 'store', 'point_of_interest', 'establishment'])).toEqual({
      shown: ['plumber', 'home goods store', 'store'],
      more: 2,
    });
  });

  it('labels every business status except OPERATIONAL', () => {
    expect(businessStatusLabel('OPERATIONAL')).toBeNull();
    expect(businessStatusLabel(null)).toBeNull();
    expect(businessStatusLabel('CLOSED_TEMPORARILY')).toBe('Temporarily closed');
    expect(businessStatusLabel('CLOSED_PERMANENTLY')).toBe('Permanently closed');
    expect(businessStatusLabel('FUTURE_OPENING')).toBe('Future opening');
  });

  it('badges OPERATIONAL in the default style and closures in a warning colour', () => {
    expect(businessStatusBadge('OPERATIONAL')).toEqual({ label: 'Operational', color: null });
    expect(businessStatusBadge('CLOSED_TEMPORARILY')).toEqual({ label: 'Temporarily closed', color: 'orange' });
    expect(businessStatusBadge('CLOSED_PERMANENTLY')).toEqual({ label: 'Permanently closed', color: 'red' });
    expect(businessStatusBadge(null)).toBeNull();
  });

  it('picks today’s hours in the business’s time zone', () => {
    // 03:00 UTC on a Thursday is still Wednesday evening in New York.
    const thursdayUtc = new Date('2026-01-08T03:00:00Z');
    expect(todaysHours(WEEK, thursdayUtc, 'America/New_York')).toBe('Wednesday: 11:00 AM – 12:00 AM');
    expect(todaysHours(WEEK, thursdayUtc, 'UTC')).toBe('Thursday: 11:00 AM – 12:00 AM');
  });

  it('falls back to the first line when no line names today', () => {
    expect(todaysHours(['Open 24 hours'], new Date('2026-01-08T03:00:00Z'), 'UTC')).toBe('Open 24 hours');
    expect(todaysHours(WEEK, new Date('2026-01-08T03:00:00Z'), 'Not/AZone')).toMatch(/day: /);
  });
});

describe('toBusinessResult', () => {
  it('maps the server form (spec section 3)', () => {
    expect(toBusinessResult(PIZZA_PALACE, null)).toEqual({
      id: PIZZA_PALACE.id,
      discoveryId: PIZZA_PALACE.discovery_id,
      name: 'Pizza Palace',
      address: '2278 Amsterdam Ave, New York, NY 10001',
      phone: '(646) 555-0121',
      dialNumber: '+16465550121',
      website: 'https://pizza-palace.example.com',
      rating: 3.94,
      ratingCount: 29,
      hours: WEEK,
      timeZone: 'America/New_York',
      businessStatus: 'OPERATIONAL',
      businessTypes: ['pizza_restaurant', 'restaurant'],
    });
  });

  it('defaults the phone to Not available and keeps the listed hours', () => {
    const result = toBusinessResult(
      {
        ...PIZZA_PALACE,
        id: 'plsr_1',
        discovery_id: '',
        name: 'Quiet Shop',
        address: '1 Main St',
        phone_number: null,
        international_phone_number: null,
        website: null,
        rating: null,
        hours: { weekday_text: ['Monday: Closed'] },
      },
      'disc_1',
    );
    expect(result).toMatchObject({
      discoveryId: 'disc_1',
      phone: 'Not available',
      dialNumber: null,
      hours: ['Monday: Closed'],
      rating: null,
    });
  });
});
