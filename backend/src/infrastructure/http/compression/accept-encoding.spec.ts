import { preferredCoding } from './accept-encoding';

describe('preferredCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*;q=0, gzip;q=0.3', 'gzip'],
    ['br;q=0.8, *;q=0.9', 'gzip'],
    ['gzip ; q=0.2 , br ; q=0.2', 'br'],
  ] as const)('answers %j with %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });

  it.each([undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'identity, *;q=0', ' , ;q=1'])('sends %j the file as it is', (header) => {
    expect(preferredCoding(header)).toBeNull();
  });

  it('chooses among the copies there are', () => {
    expect(preferredCoding('gzip, br', new Set(['gzip']))).toBe('gzip');
    expect(preferredCoding('br', new Set(['gzip']))).toBeNull();
    expect(preferredCoding('*', new Set(['gzip']))).toBe('gzip');
    expect(preferredCoding('gzip, br', new Set())).toBeNull();
  });

  it('leaves out an entry whose weight is malformed, not the whole header', () => {
    expect(preferredCoding('br;q=2, gzip')).toBe('gzip');
    expect(preferredCoding('br;q=abc, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('br;q=0.5555')).toBeNull();
  });
});
