import { createLimiter } from './limiter';

const START = Date.parse('2026-05-01T12:00:00.000Z');

describe('createLimiter', () => {
  beforeEach(() => jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('allows `points` spends per window, then refuses with the seconds left, still counting', async () => {
    const limiter = createLimiter({ name: 'test', points: 3, windowSeconds: 60 });
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await limiter.spend('a')).remaining);
    expect(remaining).toEqual([2, 1, 0]);
    jest.advanceTimersByTime(15_500);
    expect(await limiter.spend('a')).toEqual({
      allowed: false,
      limit: 3,
      spent: 4,
      remaining: 0,
      resetAt: START + 60_000,
      retryAfterSeconds: 45,
    });
  });

  it('opens a new window once the old one ends, and never asks to wait less than a second', async () => {
    const limiter = createLimiter({ name: 'test', points: 1, windowSeconds: 60 });
    await limiter.spend('a');
    jest.advanceTimersByTime(59_999);
    expect(await limiter.spend('a')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    jest.advanceTimersByTime(1);
    expect(await limiter.spend('a')).toMatchObject({ allowed: true, remaining: 0, resetAt: START + 120_000 });
  });

  it('counts keys separately and peeks without spending', async () => {
    const limiter = createLimiter({ name: 'test', points: 2, windowSeconds: 60 });
    await limiter.spend('a');
    expect(await limiter.peek('a')).toMatchObject({ allowed: true, spent: 1, remaining: 1 });
    expect(await limiter.peek('a')).toMatchObject({ spent: 1 });
    expect(await limiter.peek('b')).toEqual({
      allowed: true,
      limit: 2,
      spent: 0,
      remaining: 2,
      resetAt: START + 60_000,
      retryAfterSeconds: 60,
    });
  });

  it('refunds a point of a live window only, and resets a key', async () => {
    const limiter = createLimiter({ name: 'test', points: 1, windowSeconds: 60 });
    await limiter.spend('a');
    await limiter.refund('a');
    expect(await limiter.spend('a')).toMatchObject({ allowed: true });
    await limiter.refund('gone');
    expect(await limiter.peek('gone')).toMatchObject({ spent: 0 });
    await limiter.reset('a');
    expect(await limiter.peek('a')).toMatchObject({ spent: 0, remaining: 1 });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createLimiter({ name: 'test', points: 0, windowSeconds: 60 })).toThrow(RangeError);
    expect(() => createLimiter({ name: 'test', points: 1.5, windowSeconds: 60 })).toThrow(RangeError);
  });
});
