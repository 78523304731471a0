import type { StoredDocument } from '../projection';
import { KeptDocuments } from './kept-documents';

const doc = (id: string, position = 1): StoredDocument => ({ _id: id, _position: position, _rooms: [] });

describe('KeptDocuments', () => {
  it('keeps what was stored, per collection, and forgets deletions', () => {
    const kept = new KeptDocuments(10);
    kept.stored('calls_v1', 'a', doc('a'));
    kept.stored('calls_v2', 'a', doc('a', 2));
    expect(kept.get('calls_v1', 'a')?._position).toBe(1);
    expect(kept.get('calls_v2', 'a')?._position).toBe(2);
    kept.stored('calls_v1', 'a', null);
    expect(kept.get('calls_v1', 'a')).toBeUndefined();
    kept.forgetCollection('calls_v2');
    expect(kept.size).toBe(0);
  });

  it('lets the least recently stored go past its capacity', () => {
    const kept = new KeptDocuments(2);
    kept.stored('c', 'a', doc('a'));
    kept.stored('c', 'b', doc('b'));
    kept.stored('c', 'a', doc('a', 2));
    kept.stored('c', 'c', doc('c'));
    expect(kept.get('c', 'b')).toBeUndefined();
    expect(kept.get('c', 'a')?._position).toBe(2);
    expect(kept.get('c', 'c')).toBeDefined();
  });

  it('does not mistake one collection for another whose name it begins', () => {
    const kept = new KeptDocuments(10);
    kept.stored('calls', 'a', doc('a'));
    kept.stored('calls_v2', 'a', doc('a'));
    kept.forgetCollection('calls');
    expect(kept.get('calls_v2', 'a')).toBeDefined();
  });
});
