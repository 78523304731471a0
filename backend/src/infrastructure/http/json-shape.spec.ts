import fc from 'fast-check';
import { findJsonShapeProblem, JSON_LIMITS } from './json-shape';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
const { maxDepth, maxValues } = JSON_LIMITS;
const TOO_DEEP = `nested deeper than ${maxDepth} levels`;
const TOO_MANY = `too many values (at most ${maxValues} in a body)`;

/** Nesting depth of a parsed value, counted without recursion (the value itself is level 1). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

describe('findJsonShapeProblem', () => {
  it('accepts an ordinary body, and an empty one', () => {
    expect(findJsonShapeProblem(bytes('{"business_name":"Pizza [x] {y}","tags":["a","b"],"n":{"m":null}}'))).toBeNull();
    expect(findJsonShapeProblem(bytes(''))).toBeNull();
  });

  it('refuses a body that is an array, leading whitespace or not', () => {
    expect(findJsonShapeProblem(bytes(' \n[1,2]'))).toEqual({ field: '', problem: 'must be a JSON object' });
  });

  it(`accepts ${maxDepth} levels and refuses one more, naming the top-level field`, () => {
    expect(findJsonShapeProblem(bytes(`{"a":${nested(maxDepth - 1)}}`))).toBeNull();
    expect(findJsonShapeProblem(bytes(`{"a":${nested(maxDepth)}}`))).toEqual({ field: 'a', problem: TOO_DEEP });
  });

  it('names the field holding the deep part, not an earlier or later one', () => {
    const json = `{"first":[1,{"x":"y"}],"event_data":{"k":${nested(40)}},"last":"z"}`;
    expect(findJsonShapeProblem(bytes(json))).toEqual({ field: 'event_data', problem: TOO_DEEP });
  });

  it('decodes escaped and non-ASCII keys', () => {
    expect(findJsonShapeProblem(bytes(`{"caf\\u00e9 \\"x\\" ünï":${nested(40)}}`))).toMatchObject({ field: 'café "x" ünï' });
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    const json = JSON.stringify({ text: '['.repeat(100), quoted: '\\"[[[[', more: '{,'.repeat(maxValues) });
    expect(findJsonShapeProblem(bytes(json))).toBeNull();
  });

  it(`accepts ${maxValues} values and refuses more, naming the field or the body`, () => {
    const items = (count: number) => `[${Array.from({ length: count }, () => '0').join(',')}]`;
    expect(findJsonShapeProblem(bytes(`{"event_data":${items(maxValues - 2)}}`))).toBeNull();
    expect(findJsonShapeProblem(bytes(`{"event_data":${items(maxValues)}}`))).toEqual({ field: 'event_data', problem: TOO_MANY });
    const fields = `{${Array.from({ length: maxValues + 1 }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(findJsonShapeProblem(bytes(fields))).toEqual({ field: '', problem: TOO_MANY });
  });

  it('scans a quarter megabyte of brackets quickly and without a stack', () => {
    const started = performance.now();
    const text = bytes(`{"a":${nested(128 * 1024)}}`);
    expect(findJsonShapeProblem(text, { maxDepth: Number.MAX_SAFE_INTEGER, maxValues: Number.MAX_SAFE_INTEGER })).toBeNull();
    expect(findJsonShapeProblem(text)).toEqual({ field: 'a', problem: TOO_DEEP });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('agrees with the parsed value’s depth for any JSON object', () => {
    const limits = { maxDepth: 3, maxValues: Number.MAX_SAFE_INTEGER };
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 5 }), { maxKeys: 4 }), (value) => {
        const tooDeep = Object.entries(value).find(([, field]) => depthOf(field) + 1 > limits.maxDepth);
        expect(findJsonShapeProblem(bytes(JSON.stringify(value)), limits)).toEqual(tooDeep ? { field: tooDeep[0], problem: 'nested deeper than 3 levels' } : null);
      }),
      { numRuns: 500 },
    );
  });
});
