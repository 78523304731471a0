import { type CachedDocument, DocumentCache } from './document-cache';

const sized = (id: string, bytes: number): CachedDocument => ({ doc: { _id: id }, tagged: false, bytes });
const held = (cache: DocumentCache, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

describe('DocumentCache', () => {
  it('keeps within its bound, taking the oldest unread documents out first', () => {
    const cache = new DocumentCache(400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, sized(key, 100));
    cache.set('e', sized('e', 100));
    expect(cache.usedBytes).toBe(400);
    expect(cache.get('a')).toBeUndefined();
    expect(held(cache, ['b', 'c', 'd', 'e'])).toEqual(['b', 'c', 'd', 'e']);
  });

  it('gives a document read since it came in a second chance over older and newer unread ones', () => {
    const cache = new DocumentCache(400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, sized(key, 100));
    expect(cache.get('a')?.doc._id).toBe('a');
    cache.set('e', sized('e', 100));
    expect(cache.get('b')).toBeUndefined();
    cache.set('f', sized('f', 100));
    // 'c' was not read; 'a' was, before the last eviction passed it, and is unmarked since.
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(4);
    expect(cache.get('a')).toBeDefined();
  });

  it('still evicts when every document was read', () => {
    const cache = new DocumentCache(400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, sized(key, 100));
    held(cache, ['a', 'b', 'c', 'd']);
    cache.set('e', sized('e', 100));
    expect(cache.usedBytes).toBe(400);
    expect(cache.get('e')).toBeDefined();
    expect(held(cache, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
  });

  it('counts bytes through replacement, deletion and a dropped collection', () => {
    const cache = new DocumentCache(10_000);
    cache.set('calls\0a', sized('a', 100));
    cache.set('calls\0a', sized('a', 250));
    cache.set('calls\0b', sized('b', 50));
    cache.set('users\0c', sized('c', 10));
    expect(cache.usedBytes).toBe(310);
    cache.delete('calls\0b');
    expect(cache.usedBytes).toBe(260);
    cache.deletePrefix('calls\0');
    expect(cache.usedBytes).toBe(10);
    expect(cache.size).toBe(1);
    // A document over a quarter of the bound is not kept.
    cache.set('big', sized('big', 2_501));
    expect(cache.get('big')).toBeUndefined();
  });
});
