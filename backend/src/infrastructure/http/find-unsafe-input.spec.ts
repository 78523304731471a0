import { parse as parseQuery } from 'node:querystring';
import fc from 'fast-check';
import { findUnsafeInput } from './find-unsafe-input';

const REFUSED_EVERYWHERE = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));
const LINE_BREAKS = ['\t', '\n', '\r'];
/** Any JSON but for the reserved keys, which fast-check likes to generate. */
const safeJson = fc.jsonValue().filter((value) => !/"(__proto__|constructor)":/.test(JSON.stringify(value)));

describe('findUnsafeInput', () => {
  it('accepts ordinary text, emoji and non-Latin scripts', () => {
    const body = { business_name: 'Café “Zur Post” 🍕', location: '東京都', anon_ids: ['a', 'b'], n: 1e300, ok: true, none: null };
    expect(findUnsafeInput(body, 'body')).toBeNull();
  });

  it.each(REFUSED_EVERYWHERE.map((character) => [character.charCodeAt(0).toString(16).padStart(4, '0'), character]))(
    'refuses U+%s in body, query and path values',
    (code, character) => {
      const problem = `must not contain a control character (U+${code.toUpperCase()})`;
      expect(findUnsafeInput({ name: `a${character}b` }, 'body')).toEqual({ path: 'name', problem });
      expect(findUnsafeInput({ status: character }, 'query')).toEqual({ path: 'status', problem });
      expect(findUnsafeInput(character, 'path', 'id')).toEqual({ path: 'id', problem });
    },
  );

  it('lets body text hold tabs and line breaks, but not query values or path parameters', () => {
    for (const character of LINE_BREAKS) {
      expect(findUnsafeInput({ note: `line one${character}line two` }, 'body')).toBeNull();
      expect(findUnsafeInput({ q: character }, 'query')).toMatchObject({ path: 'q' });
      expect(findUnsafeInput(character, 'path', 'id')).toMatchObject({ path: 'id' });
    }
  });

  it('refuses unpaired surrogates, high or low, and accepts paired ones', () => {
    expect(findUnsafeInput({ name: 'x\uD800' }, 'body')).toEqual({ path: 'name', problem: 'must not contain an unpaired surrogate (U+D800)' });
    expect(findUnsafeInput({ name: '\uDFFFx' }, 'body')).toEqual({ path: 'name', problem: 'must not contain an unpaired surrogate (U+DFFF)' });
    expect(findUnsafeInput({ name: '\uDC00\uD800' }, 'body')).toMatchObject({ path: 'name' });
    expect(findUnsafeInput({ name: '\uD83D\uDE00' }, 'body')).toBeNull();
  });

  it('names nested fields by dotted path, in document order', () => {
    expect(findUnsafeInput({ anon_ids: ['ok', 'ok', 'bad\u0000', 'bad\u0001'] }, 'body')).toMatchObject({ path: 'anon_ids.2' });
    expect(findUnsafeInput({ a: { b: [{ c: '\u007F' }] }, z: '\u0000' }, 'body')).toMatchObject({ path: 'a.b.0.c' });
  });

  it('refuses a key with a control character or lone surrogate, naming the object holding it', () => {
    expect(findUnsafeInput({ event_data: { 'x\u0000': 1 } }, 'body')).toEqual({
      path: 'event_data',
      problem: 'has a field name with a control character (U+0000)',
    });
    expect(findUnsafeInput({ 'line\nbreak': 1 }, 'body')).toMatchObject({ path: 'body' });
    expect(findUnsafeInput({ ['\uD800']: 'v' }, 'query')).toMatchObject({ path: 'query', problem: expect.stringMatching(/surrogate/) });
  });

  it('refuses __proto__ and constructor keys, which DTO transformation would drop silently', () => {
    expect(findUnsafeInput(JSON.parse('{"event_data":{"__proto__":{"admin":true}}}'), 'body')).toEqual({
      path: 'event_data',
      problem: 'has a field named "__proto__", which is not allowed',
    });
    expect(findUnsafeInput(JSON.parse('{"constructor":{}}'), 'body')).toMatchObject({ path: 'body' });
    expect(findUnsafeInput(parseQuery('__proto__=x'), 'query')).toMatchObject({ path: 'query' });
  });

  it('refuses a repeated query parameter, which the parser turns into a list', () => {
    expect(findUnsafeInput(parseQuery('status=pending&status=failed'), 'query')).toEqual({ path: 'status', problem: 'must be given only once' });
    expect(findUnsafeInput({ anon_ids: ['a', 'b'] }, 'body')).toBeNull();
  });

  it('refuses numbers JSON overflowed to Infinity', () => {
    expect(findUnsafeInput(JSON.parse('{"amount":[1,-1e999]}'), 'body')).toEqual({
      path: 'amount.1',
      problem: 'is a number too large to represent',
    });
  });

  it('walks a value nested far deeper than any stack allows', () => {
    let value: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(findUnsafeInput(value, 'body')).toMatchObject({ path: expect.stringMatching(/^0(\.0)+$/) });
  });

  it('finds a refused character wherever it is put in any JSON value', () => {
    fc.assert(
      fc.property(safeJson, fc.constantFrom(...REFUSED_EVERYWHERE, '\uD800', '\uDC00'), (value, character) => {
        expect(findUnsafeInput(value, 'body')).toBeNull();
        expect(findUnsafeInput({ field: [value, `x${character}`] }, 'body')).toMatchObject({ path: 'field.1' });
      }),
      { numRuns: 300 },
    );
  });
});
