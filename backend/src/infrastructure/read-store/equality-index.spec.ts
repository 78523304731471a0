import { DuplicateKeyError } from '@ringcheck/projections';
import { EqualityIndex } from './equality-index';

describe('EqualityIndex', () => {
  it('indexes each element of an array field and each sub-document of an array path', () => {
    const tags = new EqualityIndex('businesses', { keys: { tags: 1 } });
    tags.add('b1', tags.keysOf({ tags: ['dental', 'family', 'dental'] }));
    tags.add('b2', tags.keysOf({ tags: 'family' }));
    tags.add('b3', tags.keysOf({ tags: [] }));
    expect([...tags.lookup(['family'])].sort()).toEqual(['b1', 'b2']);
    expect([...tags.lookup(['dental', 'food'])]).toEqual(['b1']);

    const phones = new EqualityIndex('businesses', { keys: { 'lines.phone': 1 } });
    phones.add('b1', phones.keysOf({ lines: [{ phone: '+1-202-555-0101' }, { phone: ['+1-202-555-0102'] }] }));
    expect([...phones.lookup(['+1-202-555-0102'])]).toEqual(['b1']);
  });

  it('keeps values of different types apart', () => {
    const index = new EqualityIndex('c', { keys: { code: 1 } });
    index.add('s', index.keysOf({ code: '1' }));
    index.add('n', index.keysOf({ code: 1 }));
    index.add('b', index.keysOf({ code: true }));
    expect([...index.lookup([1])]).toEqual(['n']);
    expect([...index.lookup(['1'])]).toEqual(['s']);
    expect([...index.lookup([true])]).toEqual(['b']);
  });

  it('forgets the keys of a removed document', () => {
    const index = new EqualityIndex('c', { keys: { city: 1 } });
    const keys = index.keysOf({ city: 'Springfield' });
    index.add('b1', keys);
    index.remove('b1', keys);
    expect(index.lookup(['Springfield']).size).toBe(0);
  });

  it('treats missing fields as null for uniqueness, and lets a document keep its own key', () => {
    const index = new EqualityIndex('businesses', { keys: { phone: 1 }, unique: true });
    expect(index.name).toBe('phone_1');
    index.add('b1', index.keysOf({}));
    expect(() => index.assertUnique('b1', {}, index.keysOf({}))).not.toThrow();
    expect(() => index.assertUnique('b2', { phone: null }, index.keysOf({ phone: null }))).toThrow(DuplicateKeyError);
  });

  it('combines the fields of a compound index', () => {
    const index = new EqualityIndex('c', { keys: { city: 1, name: -1 }, unique: true });
    expect(index.name).toBe('city_1_name_-1');
    index.add('b1', index.keysOf({ city: 'Springfield', name: 'Alder' }));
    expect(() => index.assertUnique('b2', {}, index.keysOf({ city: 'Springfield', name: 'Birch' }))).not.toThrow();
    expect(() => index.assertUnique('b2', {}, index.keysOf({ city: 'Springfield', name: 'Alder' }))).toThrow(DuplicateKeyError);
    expect(index.lookupField).toBeNull();
  });
});
