import { compareSortValues, MAX_SPLIT_VALUES, mergeAnswers, splitInFilter } from './in-filter-split';

describe('splitting a $in into equality queries', () => {
  it('makes one filter per distinct value, keeping the other conditions', () => {
    expect(splitInFilter({ ownerId: 'u1', status: { $in: ['queued', 'in_progress', 'queued'] } })).toEqual([
      { ownerId: 'u1', status: 'queued' },
      { ownerId: 'u1', status: 'in_progress' },
    ]);
    expect(splitInFilter({ _id: { $in: ['a', null, 3, true] } })).toEqual([{ _id: 'a' }, { _id: null }, { _id: 3 }, { _id: true }]);
  });

  it('leaves every other shape to the single query', () => {
    expect(splitInFilter({ ownerId: 'u1' })).toBeNull();
    expect(splitInFilter({ a: { $in: ['x'] }, b: { $in: ['y'] } })).toBeNull();
    expect(splitInFilter({ a: { $in: ['x'] }, b: { $gt: 1 } })).toBeNull();
    expect(splitInFilter({ a: { $in: ['x'], $ne: 'y' } })).toBeNull();
    expect(splitInFilter({ $or: [{ a: 1 }], b: { $in: [1] } })).toBeNull();
    expect(splitInFilter({ a: { $in: [{ nested: 1 }] } })).toBeNull();
    expect(splitInFilter({ a: { $in: [['x']] } })).toBeNull();
    expect(splitInFilter({ a: { $in: [] } })).toBeNull();
    expect(splitInFilter({ a: { $in: Array.from({ length: MAX_SPLIT_VALUES + 1 }, (_, i) => i) } })).toBeNull();
    expect(splitInFilter({ a: { $in: [Number.NaN] } })).toBeNull();
  });
});

describe('merging the answers', () => {
  const doc = (_id: string, fields: Record<string, unknown> = {}) => ({ _id, ...fields });

  it('keeps each document once and the limit', () => {
    const merged = mergeAnswers([[doc('a'), doc('b')], [doc('b'), doc('c')]], undefined, 2);
    expect(merged?.map((d) => d._id)).toEqual(['a', 'b']);
  });

  it("sorts on several keys and dotted paths in MongoDB's order of types", () => {
    const answers = [
      [doc('n', { at: { when: 5 } }), doc('s', { at: { when: 'x' } })],
      [doc('missing'), doc('null', { at: { when: null } }), doc('t', { at: { when: true } }), doc('d', { at: { when: new Date(0) } })],
    ];
    expect(mergeAnswers(answers, { 'at.when': 1, _id: 1 }, undefined)?.map((d) => d._id)).toEqual(['missing', 'null', 'n', 's', 't', 'd']);
    expect(mergeAnswers(answers, { 'at.when': -1, _id: 1 }, 3)?.map((d) => d._id)).toEqual(['d', 't', 's']);
  });

  it('compares strings by their UTF-8 bytes, as MongoDB does', () => {
    expect(compareSortValues('\u{1F600}', '\uFF5E')).toBeGreaterThan(0);
    expect(compareSortValues('B', 'a')).toBeLessThan(0);
  });

  it('gives up on values MongoDB orders by rules not kept here', () => {
    expect(mergeAnswers([[doc('a', { tags: ['x'] })], [doc('b', { tags: 'y' })]], { tags: 1 }, undefined)).toBeNull();
  });
});
