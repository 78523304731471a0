import { AuthThrottle, delayForFailures } from './auth-throttle';

function throttle(perAccount = 3, perAddress = 5) {
  let now = Date.parse('2026-11-22T10:00:00.000Z');
  const slept: number[] = [];
  const subject = new AuthThrottle({
    perAccount,
    perAddress,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { subject, slept, advance: (ms: number) => (now += ms) };
}

describe('auth throttle', () => {
  it('limits attempts per account, with the seconds until the window ends', () => {
    const { subject, advance } = throttle(3, 100);
    for (let i = 0; i < 3; i++) expect(subject.attempt('owner@example.com', '203.0.113.7')).toEqual({ allowed: true });
    advance(60_000);
    expect(subject.attempt('owner@example.com', '203.0.113.8')).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
    expect(subject.attempt('other@example.com', '203.0.113.7')).toEqual({ allowed: true });
    advance(14 * 60_000);
    expect(subject.attempt('owner@example.com', '203.0.113.7')).toEqual({ allowed: true });
  });

  it('limits attempts per address across accounts', () => {
    const { subject } = throttle(100, 5);
    for (let i = 0; i < 5; i++) expect(subject.attempt(`owner${i}@example.com`, '203.0.113.7').allowed).toBe(true);
    expect(subject.attempt('owner9@example.com', '203.0.113.7').allowed).toBe(false);
    expect(subject.attempt('owner9@example.com', '198.51.100.1').allowed).toBe(true);
  });

  it('slows an account down after 3 consecutive failures, more with each, up to 2 s', async () => {
    expect([0, 1, 2, 3, 4, 8, 9, 50].map(delayForFailures)).toEqual([0, 0, 0, 750, 1000, 2000, 2000, 2000]);
    const { subject, slept } = throttle();
    for (let i = 0; i < 5; i++) {
      await subject.slowDown('owner@example.com');
      subject.recordFailure('owner@example.com');
    }
    expect(slept).toEqual([750, 1000]);
    expect(await subject.slowDown('other@example.com')).toBe(0);
  });

  it('forgets failures after a success or once the window has passed', async () => {
    const { subject, advance } = throttle();
    for (let i = 0; i < 4; i++) subject.recordFailure('a@example.com');
    subject.recordSuccess('a@example.com');
    expect(subject.failuresOf('a@example.com')).toBe(0);
    for (let i = 0; i < 4; i++) subject.recordFailure('b@example.com');
    advance(16 * 60_000);
    expect(subject.failuresOf('b@example.com')).toBe(0);
  });
});
