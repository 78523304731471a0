// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DISCOVERY_ID, PIZZA_PALACE } from '../../test/discovery-fixtures';
import { formatMonthDay, interactionLabel, lastInteractionLabel, locationCallTarget, websiteOf } from './location-display';
import { DIRECT_NUMBER, location, PIZZA } from './testing/location-fixtures';

describe('location display', () => {
  it('says how the user met the business and how often', () => {
    expect(interactionLabel({ interaction_type: 'called', interaction_count: 2 })).toBe('called · 2 times');
    expect(interactionLabel({ interaction_type: 'saved', interaction_count: 1 })).toBe('saved · 1 time');
  });

  it('dates the last interaction as MMM d', () => {
    expect(lastInteractionLabel({ last_interacted_at: '2026-11-25T15:00:00.000Z' })).toBe('Last: Nov 25');
    expect(formatMonthDay('2026-01-05T12:00:00.000Z')).toBe('Jan 5');
    expect(formatMonthDay('not a date')).toBe('');
    expect(formatMonthDay(null)).toBe('');
  });

  it('links only http and https websites, named by their host', () => {
    expect(websiteOf('https://www.pizza-palace.example.com/menu')).toEqual({
      href: 'https://www.pizza-palace.example.com/menu',
      label: 'pizza-palace.example.com',
    });
    expect(websiteOf('javascript:alert(1)')).toBeNull();
    expect(websiteOf('pizza-palace.example.com')).toBeNull();
    expect(websiteOf(null)).toBeNull();
  });

  it('calls a searched business through its search result, a number called directly by its number', () => {
    expect(locationCallTarget(PIZZA)).toEqual({ businessId: PIZZA_PALACE.id, discoveryId: DISCOVERY_ID, phoneNumber: '+16465550121' });
    expect(locationCallTarget(DIRECT_NUMBER)).toEqual({ businessId: DIRECT_NUMBER.id, discoveryId: null, phoneNumber: '+15125550188' });
    expect(locationCallTarget(location({}, { discovery_id: null, id: null, phone_number: null }))).toBeNull();
  });
});
