import type { VerifiedIdentity } from '../ports/identity-provider';
import { VerifiedTokenCache } from './verified-token-cache';

const NOW_S = 1_800_000_000;
const identity = (userId: string, expiresAt = NOW_S + 900): VerifiedIdentity => ({
  userId,
  externalSubject: userId,
  email: null,
  firstName: null,
  lastName: null,
  sessionId: null,
  issuedAt: NOW_S,
  expiresAt,
});

describe('VerifiedTokenCache', () => {
  let nowMs = NOW_S * 1000;
  const cache = (max?: number) => new VerifiedTokenCache(() => nowMs, max);
  beforeEach(() => (nowMs = NOW_S * 1000));

  it('answers a token verified before until it expires, then forgets it', () => {
    const tokens = cache();
    tokens.set('t1', identity('user_1', NOW_S + 60));
    expect(tokens.get('t1')?.userId).toBe('user_1');
    expect(tokens.get('t2')).toBeUndefined();
    nowMs = (NOW_S + 60) * 1000;
    expect(tokens.get('t1')).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most its bound, and a token in use outlives older and newer ones that are not', () => {
    const tokens = cache(3);
    for (const t of ['a', 'b', 'c']) tokens.set(t, identity(`user_${t}`));
    tokens.get('a');
    tokens.set('d', identity('user_d'));
    expect(tokens.size).toBe(3);
    expect(tokens.get('b')).toBeUndefined();
    tokens.set('e', identity('user_e'));
    // When 'b' went, the walk moved 'a' (used) behind 'c' and 'd', unmarked: 'c' is the oldest now.
    expect(tokens.get('c')).toBeUndefined();
    expect(['a', 'd', 'e'].map((t) => tokens.get(t)?.userId)).toEqual(['user_a', 'user_d', 'user_e']);
  });

  it('replaces the identity of a token set again without growing', () => {
    const tokens = cache(2);
    tokens.set('a', identity('user_a'));
    tokens.set('a', identity('user_a2'));
    expect(tokens.size).toBe(1);
    expect(tokens.get('a')?.userId).toBe('user_a2');
  });
});
