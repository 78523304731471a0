import { parseCookies } from './cookies';

describe('parseCookies', () => {
  it('reads name=value pairs separated by semicolons', () => {
    expect(parseCookies('csrftoken=abc; sidebar%3Astate=true;theme=dark')).toEqual({
      csrftoken: 'abc',
      'sidebar%3Astate': 'true',
      theme: 'dark',
    });
  });

  it('decodes values, strips quotes and keeps the first of repeated names', () => {
    expect(parseCookies('a=%20x%20; b="quoted"; a=second')).toEqual({ a: ' x ', b: 'quoted' });
  });

  it('keeps undecodable values raw and skips malformed parts', () => {
    expect(parseCookies('bad=%E0%A4%A; =novalue; justtext; ok=1')).toEqual({ bad: '%E0%A4%A', ok: '1' });
  });

  it('handles a missing header', () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });

  it('cannot be tricked into writing object prototype keys', () => {
    const cookies = parseCookies('__proto__=x; constructor=y');
    expect(Object.getPrototypeOf(cookies)).toBe(Object.prototype);
    expect(cookies.constructor).toBe('y');
  });
});
