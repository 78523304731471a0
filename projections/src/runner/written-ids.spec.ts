import { randomUUID } from 'node:crypto';
import { WrittenIds } from './written-ids';

describe('WrittenIds', () => {
  it('never answers "no" for an id it was given, and rarely "maybe" for one it was not', () => {
    const written = new WrittenIds();
    const ids = Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? `call_${randomUUID()}` : `anon_${i}`));
    for (const id of ids) written.add(id);
    expect(ids.every((id) => written.mightHold(id))).toBe(true);
    const others = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? `call_${randomUUID()}` : `anon_${i + 1_000_000}`));
    const wronglyMaybe = others.filter((id) => written.mightHold(id)).length;
    expect(wronglyMaybe / others.length).toBeLessThan(0.005);
  });

  it('holds nothing at first', () => {
    const written = new WrittenIds();
    expect(['', 'a', `call_${randomUUID()}`].some((id) => written.mightHold(id))).toBe(false);
  });
});
