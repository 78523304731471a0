import { rateLimitKeysOf } from './rate-limit-keys';

describe('rateLimitKeysOf', () => {
  const ANON = 'anon_6f1d2c3b-0a4e-4f5d-8e6c-7b8a9c0d1e2f';

  it('names the signed-in user, else the proven visitor, and always the address', () => {
    expect(rateLimitKeysOf({ ip: '203.0.113.1', userId: 'user_1', anonId: ANON })).toEqual([
      { kind: 'user', key: 'user:user_1' },
      { kind: 'ip', key: 'ip:203.0.113.1' },
    ]);
    expect(rateLimitKeysOf({ ip: '203.0.113.1', userId: null, anonId: ANON })).toEqual([
      { kind: 'anonymous', key: `anonymous:${ANON}` },
      { kind: 'ip', key: 'ip:203.0.113.1' },
    ]);
    expect(rateLimitKeysOf({ ip: '::ffff:203.0.113.1', userId: null, anonId: null })).toEqual([{ kind: 'ip', key: 'ip:203.0.113.1' }]);
  });

  it('counts an IPv6 client by its /64 network', () => {
    expect(rateLimitKeysOf({ ip: '2001:db8:1:2::77', userId: null, anonId: null })).toEqual([{ kind: 'ip', key: 'ip:2001:db8:1:2::/64' }]);
  });
});
