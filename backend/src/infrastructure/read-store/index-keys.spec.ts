import { fieldKeys, splitPath, sqlKeyOf } from './index-keys';

const keysOf = (doc: unknown, path: string) => fieldKeys(doc, splitPath(path));

describe('fieldKeys', () => {
  it('gives the one value a path reaches through plain objects, and null where the path ends early', () => {
    const at = new Date('2026-11-30T05:00:00Z');
    const doc = { _id: 'c1', ownerId: 'u1', score: 7, ok: true, at, address: { zip: '10001', geo: null } };
    expect(keysOf(doc, 'ownerId')).toEqual(['u1']);
    expect(keysOf(doc, 'score')).toEqual([7]);
    expect(keysOf(doc, 'ok')).toEqual([sqlKeyOf(true)]);
    expect(keysOf(doc, 'at')).toEqual([sqlKeyOf(at)]);
    expect(keysOf(doc, 'address.zip')).toEqual(['10001']);
    expect(keysOf(doc, 'missing')).toEqual([null]);
    expect(keysOf(doc, 'address.geo.lat')).toEqual([null]);
    expect(keysOf(doc, 'ownerId.length')).toEqual([null]);
    expect(keysOf(doc, 'at.time')).toEqual([null]);
  });

  it('follows arrays as MongoDB indexes them: each distinct element at the end, each sub-document on the way', () => {
    const doc = { tags: ['a', 'b', 'a'], none: [], visits: [{ city: 'Austin' }, { city: 'Miami' }, { city: 'Austin' }, 'x'], nested: { list: [{ n: 1 }, { n: 2 }] } };
    expect(keysOf(doc, 'tags')).toEqual(['a', 'b']);
    // An empty array is one key of its own, ranked after objects.
    expect(keysOf(doc, 'none')).toEqual([Buffer.from([0x04])]);
    expect(keysOf(doc, 'visits.city')).toEqual(['Austin', 'Miami']);
    expect(keysOf(doc, 'nested.list.n')).toEqual([1, 2]);
    expect(keysOf(doc, 'tags.city')).toEqual([null]);
  });
});
