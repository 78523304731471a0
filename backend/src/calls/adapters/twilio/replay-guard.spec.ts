import { ReplayGuard } from './replay-guard';

describe('ReplayGuard', () => {
  it('accepts a request once within its window, and forgets it after', () => {
    let now = 0;
    const guard = new ReplayGuard(1000, 10, () => now);
    expect(guard.firstSeen('a')).toBe(true);
    expect(guard.firstSeen('a')).toBe(false);
    now = 1500;
    expect(guard.firstSeen('a')).toBe(true);
  });

  it('keeps at most its capacity, forgetting the oldest', () => {
    const guard = new ReplayGuard(60_000, 2, () => 0);
    ['a', 'b', 'c'].forEach((key) => guard.firstSeen(key));
    expect(guard.firstSeen('c')).toBe(false);
    expect(guard.firstSeen('a')).toBe(true);
  });
});
