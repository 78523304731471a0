import { clock, listing, ordinal, plural, round1, seconds } from './format';

describe('report formatting', () => {
  it('writes ordinals, clock times, seconds and lists as the report reads them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
    expect(clock(65_400)).toBe('1:05');
    expect(seconds(22_149)).toBe('22.1 s');
    expect(plural(1, 'ring')).toBe('1 ring');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
    expect(listing(['pricing', 'availability', 'hours'])).toBe('pricing, availability and hours');
    expect(listing(['a', 'b'], 'or')).toBe('a or b');
    expect(round1(7.25)).toBe(7.3);
  });
});
