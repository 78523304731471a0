import { RateLimiter } from '../../infrastructure/http';

export const AUTH_RATE_WINDOW_MS = 15 * 60_000;
/** Consecutive failures an account may have before each further attempt is slowed down. */
export const FAILURES_BEFORE_DELAY = 3;
export const DELAY_PER_FAILURE_MS = 250;
export const MAX_DELAY_MS = 2000;
const MAX_TRACKED_ACCOUNTS = 50_000;

export interface AuthThrottleOptions {
  perAccount: number;
  perAddress: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The delay before checking an attempt, given the account's consecutive failures so far. */
export function delayForFailures(failures: number): number {
  return failures < FAILURES_BEFORE_DELAY ? 0 : Math.min(DELAY_PER_FAILURE_MS * failures, MAX_DELAY_MS);
}

/**
 * Abuse limits of sign-in and sign-up: attempts per account (e-mail, or user id for password checks)
 * and per IP address in a 15-minute window, and a growing delay once an account keeps failing.
 */
export class AuthThrottle {
  private readonly perAccount: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly failures = new Map<string, { count: number; lastAt: number }>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AuthThrottleOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.perAccount = new RateLimiter({ limit: options.perAccount, windowMs: AUTH_RATE_WINDOW_MS, now: this.now });
    this.perAddress = new RateLimiter({ limit: options.perAddress, windowMs: AUTH_RATE_WINDOW_MS, now: this.now });
  }

  /** Counts one attempt against both the account and the address. */
  attempt(account: string, address: string): ThrottleDecision {
    const byAccount = this.perAccount.hit(`account:${account}`);
    const byAddress = this.perAddress.hit(`ip:${address}`);
    const refused = [byAccount, byAddress].filter((decision) => !decision.allowed);
    if (refused.length === 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((decision) => decision.retryAfterSeconds)) };
  }

  /** Waits before an attempt is checked when the account has failed repeatedly. */
  async slowDown(account: string): Promise<number> {
    const delay = delayForFailures(this.failuresOf(account));
    if (delay > 0) await this.sleep(delay);
    return delay;
  }

  recordFailure(account: string): void {
    const count = this.failuresOf(account) + 1;
    this.failures.delete(account);
    if (this.failures.size >= MAX_TRACKED_ACCOUNTS) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(account, { count, lastAt: this.now() });
  }

  recordSuccess(account: string): void {
    this.failures.delete(account);
  }

  failuresOf(account: string): number {
    const entry = this.failures.get(account);
    if (!entry) return 0;
    if (this.now() - entry.lastAt > AUTH_RATE_WINDOW_MS) {
      this.failures.delete(account);
      return 0;
    }
    return entry.count;
  }
}
