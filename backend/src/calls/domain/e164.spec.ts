import { normalizeE164 } from './e164';

describe('normalizeE164', () => {
  it.each([
    ['(212) 555-0142', '+12125550142'],
    ['212.555.0142', '+12125550142'],
    ['1 212 555 0142', '+12125550142'],
    ['+1 (212) 555-0142', '+12125550142'],
    ['44 20 7946 0123', '+1442079460123'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeE164(input)).toBe(expected);
  });

  it('refuses too short or too long numbers', () => {
    expect(normalizeE164('555-0142')).toBeNull();
    expect(normalizeE164('1234567890123456')).toBeNull();
    expect(normalizeE164('')).toBeNull();
  });
});
