import { ID_PREFIXES } from './id-prefixes';
import { idFromName, isId, newId, parseId, uuidOf, uuidV5 } from './ids';
import { InvalidIdError } from './invalid-id.error';

const UUID = '0b6c9f3e-4a1d-4e2b-8c3f-5d6e7f8a9b0c';
const V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('joins the prefix and a random version 4 UUID', () => {
    const id = newId('call_');
    expect(id.startsWith('call_')).toBe(true);
    expect(uuidOf(id)).toMatch(V4_PATTERN);
  });

  it('never repeats', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newId('disc_')));
    expect(ids.size).toBe(500);
  });
});

describe('parseId', () => {
  it('accepts a bare UUID and returns it with the expected prefix', () => {
    expect(parseId(UUID, 'disc_')).toBe(`disc_${UUID}`);
  });

  it('accepts a prefixed id of the expected kind', () => {
    expect(parseId(`call_${UUID}`, 'call_')).toBe(`call_${UUID}`);
  });

  it('lower-cases the UUID and trims spaces', () => {
    expect(parseId(`  plsr_${UUID.toUpperCase()} `, 'plsr_')).toBe(`plsr_${UUID}`);
  });

  it.each([
    '',
    'abc',
    `${UUID}0`,
    UUID.replace(/-/g, ''),
    `call_${UUID.slice(1)}`,
    `call_`,
    '12345678-1234-1234-1234-12345678901g',
  ])('rejects %p with exactly "Invalid UUID format"', (value) => {
    expect(() => parseId(value, 'call_')).toThrow(new InvalidIdError('Invalid UUID format', 'invalid_uuid'));
  });

  it('rejects values that are not strings', () => {
    expect(() => parseId(undefined, 'call_')).toThrow('Invalid UUID format');
    expect(() => parseId(42, 'call_')).toThrow('Invalid UUID format');
  });

  it('rejects an id of another kind, naming both prefixes', () => {
    let caught: unknown;
    try {
      parseId(`disc_${UUID}`, 'call_');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidIdError);
    expect((caught as InvalidIdError).reason).toBe('prefix_mismatch');
    expect((caught as InvalidIdError).message).toBe("ID prefix mismatch: expected 'call_' but got 'disc_'");
  });

  it('reports the prefix mismatch even when the rest is not a UUID', () => {
    expect(() => parseId('user_nope', 'anon_')).toThrow("ID prefix mismatch: expected 'anon_' but got 'user_'");
  });

  it('treats an analysis id as a call id', () => {
    expect(ID_PREFIXES.analysis).toBe('call_');
    expect(isId(`call_${UUID}`, ID_PREFIXES.analysis)).toBe(true);
    expect(isId(`disc_${UUID}`, ID_PREFIXES.analysis)).toBe(false);
  });
});

describe('uuidV5', () => {
  it('matches the RFC test vector (www.example.com in the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});

describe('idFromName', () => {
  it('is deterministic and valid for its prefix', () => {
    const first = idFromName('plsr_', 'Sunrise Plumbing, Springfield');
    expect(idFromName('plsr_', 'Sunrise Plumbing, Springfield')).toBe(first);
    expect(parseId(first, 'plsr_')).toBe(first);
    expect(uuidOf(first)[14]).toBe('5');
  });

  it('differs by name and by prefix', () => {
    const a = idFromName('plsr_', 'Sunrise Plumbing');
    expect(idFromName('plsr_', 'Sunset Plumbing')).not.toBe(a);
    expect(uuidOf(idFromName('disc_', 'Sunrise Plumbing'))).not.toBe(uuidOf(a));
  });
});
