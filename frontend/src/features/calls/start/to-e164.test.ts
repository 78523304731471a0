// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toE164 } from './to-e164';

describe('toE164', () => {
  it('prefixes 1 to a 10-digit national number', () => {
    expect(toE164('(212) 555-0123')).toBe('+12125550123');
    expect(toE164('212.555.0147')).toBe('+12125550147');
  });

  it('keeps an 11-digit number that starts with 1', () => {
    expect(toE164('1-512-555-0188')).toBe('+15125550188');
    expect(toE164('+1 512 555 0188')).toBe('+15125550188');
  });

  it('prefixes 1 to a longer number that does not start with 1', () => {
    expect(toE164('44 20 7946 0958')).toBe('+1442079460958');
  });

  it('adds only the plus to shorter numbers', () => {
    expect(toE164('555-0100')).toBe('+5550100');
  });

  it('answers null when there are no digits', () => {
    expect(toE164('')).toBeNull();
    expect(toE164('Not available')).toBeNull();
    expect(toE164(null)).toBeNull();
  });
});
