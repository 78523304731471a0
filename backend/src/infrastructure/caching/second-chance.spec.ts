import { takeSecondChance } from './second-chance';

const slots = (...keys: string[]) => new Map(keys.map((key) => [key, { used: false }]));

describe('takeSecondChance', () => {
  it('takes the oldest unused entry', () => {
    const entries = slots('a', 'b', 'c');
    expect(takeSecondChance(entries)?.[0]).toBe('a');
    expect([...entries.keys()]).toEqual(['b', 'c']);
  });

  it('passes over used entries, moving them to the back unmarked', () => {
    const entries = slots('a', 'b', 'c');
    entries.get('a')!.used = true;
    entries.get('b')!.used = true;
    expect(takeSecondChance(entries)?.[0]).toBe('c');
    expect([...entries]).toEqual([
      ['a', { used: false }],
      ['b', { used: false }],
    ]);
  });

  it('takes the oldest when every entry was used', () => {
    const entries = slots('a', 'b');
    for (const slot of entries.values()) slot.used = true;
    expect(takeSecondChance(entries)?.[0]).toBe('a');
    expect([...entries.keys()]).toEqual(['b']);
  });

  it('answers nothing for no entries', () => {
    expect(takeSecondChance(new Map())).toBeUndefined();
  });
});
