import { parseId } from '../ids/ids';
import { RateLimiter } from './rate-limiter';

function clock(start = Date.parse('2024-05-01T12:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('allows `limit` requests per window, then refuses with the seconds left', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 3, now: time.now });
    expect([1, 2, 3].map(() => limiter.hit('ip:a').remaining)).toEqual([2, 1, 0]);
    time.advance(15_500);
    const refused = limiter.hit('ip:a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
  });

  it('opens a new window once the old one ends', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, now: time.now });
    limiter.hit('ip:a');
    expect(limiter.hit('ip:a').allowed).toBe(false);
    time.advance(60_000);
    expect(limiter.hit('ip:a')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('counts clients separately', () => {
    const limiter = new RateLimiter({ limit: 1 });
    expect(limiter.hit('ip:a').allowed).toBe(true);
    expect(limiter.hit('ip:b').allowed).toBe(true);
    expect(limiter.hit('ip:a').allowed).toBe(false);
  });

  it('never asks to wait less than a second', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, now: time.now });
    limiter.hit('ip:a');
    time.advance(59_999);
    expect(limiter.hit('ip:a').retryAfterSeconds).toBe(1);
  });

  it('reports status without counting a request', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 120, now: time.now });
    limiter.hit('anonymous:anon_1');
    limiter.hit('anonymous:anon_1');
    time.advance(10_000);
    const status = limiter.status('anonymous:anon_1');
    expect(status).toEqual({
      id: expect.stringMatching(/^rate_/),
      scope: 'anonymous',
      limit: 120,
      remaining: 118,
      reset_at: '2024-05-01T12:01:00.000Z',
      window_seconds: 60,
    });
    expect(parseId(status.id, 'rate_')).toBe(status.id);
    expect(limiter.status('anonymous:anon_1').remaining).toBe(118);
  });

  it('gives an untracked client a full allowance and a stable id', () => {
    const limiter = new RateLimiter({ limit: 5 });
    const status = limiter.status('ip:203.0.113.9');
    expect(status).toMatchObject({ scope: 'ip', remaining: 5 });
    expect(limiter.status('ip:203.0.113.9').id).toBe(status.id);
    expect(limiter.status('ip:203.0.113.10').id).not.toBe(status.id);
    expect(limiter.size).toBe(0);
  });

  it('forgets clients whose window has ended', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 10, now: time.now });
    for (let i = 0; i < 100; i += 1) limiter.hit(`ip:10.0.0.${i}`);
    time.advance(30_000);
    limiter.hit('ip:late');
    expect(limiter.size).toBe(101);
    time.advance(30_000);
    limiter.hit('ip:later');
    expect(limiter.size).toBe(2);
  });

  it('keeps at most maxClients, dropping the oldest window first', () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, maxClients: 3, now: time.now });
    for (const key of ['ip:a', 'ip:b', 'ip:c', 'ip:d']) {
      limiter.hit(key);
      time.advance(1);
    }
    expect(limiter.size).toBe(3);
    expect(limiter.hit('ip:a').allowed).toBe(true);
    expect(limiter.hit('ip:d').allowed).toBe(false);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new RateLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ limit: 1.5 })).toThrow(RangeError);
  });
});
