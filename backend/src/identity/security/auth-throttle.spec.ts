import { AuthThrottle, delayForFailures } from './auth-throttle';

const OWNER = 'owner@example.com';
const HOME = '203.0.113.7';
const STRANGER = '198.51.100.9';

function throttle(limits: { perAccountAndAddress?: number; perAccount?: number; perAddress?: number } = {}) {
  const slept: number[] = [];
  const subject = new AuthThrottle({
    perAccountAndAddress: limits.perAccountAndAddress ?? 3,
    perAccount: limits.perAccount ?? 100,
    perAddress: limits.perAddress ?? 100,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { subject, slept };
}

describe('auth throttle', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-22T10:00:00.000Z'), doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('limits attempts on an account from one address, with the seconds until the window ends', async () => {
    const { subject } = throttle();
    for (let i = 0; i < 3; i++) expect(await subject.attempt(OWNER, STRANGER)).toEqual({ allowed: true });
    jest.advanceTimersByTime(60_000);
    expect(await subject.attempt(OWNER, STRANGER)).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
    expect(await subject.attempt(OWNER, HOME)).toEqual({ allowed: true });
    expect(await subject.attempt('other@example.com', STRANGER)).toEqual({ allowed: true });
    jest.advanceTimersByTime(14 * 60_000);
    expect(await subject.attempt(OWNER, STRANGER)).toEqual({ allowed: true });
  });

  it('limits an account across addresses with the gentler ceiling', async () => {
    const { subject } = throttle({ perAccount: 5 });
    for (let i = 0; i < 5; i++) expect((await subject.attempt(OWNER, `198.51.100.${i}`)).allowed).toBe(true);
    expect((await subject.attempt(OWNER, HOME)).allowed).toBe(false);
  });

  it("spends the account's overall allowance only on attempts an address lets through", async () => {
    const { subject } = throttle({ perAccountAndAddress: 3, perAccount: 5 });
    for (let i = 0; i < 50; i++) await subject.attempt(OWNER, STRANGER);
    expect(await subject.attempt(OWNER, HOME)).toEqual({ allowed: true });
  });

  it('limits attempts per address across accounts', async () => {
    const { subject } = throttle({ perAddress: 5 });
    for (let i = 0; i < 5; i++) expect((await subject.attempt(`owner${i}@example.com`, STRANGER)).allowed).toBe(true);
    expect((await subject.attempt('owner9@example.com', STRANGER)).allowed).toBe(false);
    expect((await subject.attempt('owner9@example.com', HOME)).allowed).toBe(true);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const { subject } = throttle({ perAccountAndAddress: 2 });
    await subject.attempt(OWNER, '2001:db8:1:2::1');
    await subject.attempt(OWNER, '2001:db8:1:2::2');
    expect((await subject.attempt(OWNER, '2001:db8:1:2:ffff::3')).allowed).toBe(false);
  });

  it('slows an account down after 3 consecutive failures from one address, more with each, up to 2 s', async () => {
    expect([0, 1, 2, 3, 4, 8, 9, 50].map(delayForFailures)).toEqual([0, 0, 0, 750, 1000, 2000, 2000, 2000]);
    const { subject, slept } = throttle();
    for (let i = 0; i < 5; i++) {
      await subject.slowDown(OWNER, STRANGER);
      await subject.recordFailure(OWNER, STRANGER);
    }
    expect(slept).toEqual([750, 1000]);
    expect(await subject.slowDown(OWNER, HOME)).toBe(0);
    expect(await subject.slowDown('other@example.com', STRANGER)).toBe(0);
  });

  it('forgets failures after a success or once the window has passed', async () => {
    const { subject } = throttle();
    for (let i = 0; i < 4; i++) await subject.recordFailure('a@example.com', HOME);
    await subject.recordSuccess('a@example.com', HOME);
    expect(await subject.failuresOf('a@example.com', HOME)).toBe(0);
    for (let i = 0; i < 4; i++) await subject.recordFailure('b@example.com', HOME);
    jest.advanceTimersByTime(16 * 60_000);
    expect(await subject.failuresOf('b@example.com', HOME)).toBe(0);
  });
});
