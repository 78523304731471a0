import { addressKeyOf, createLimiter, type Limiter, type LimiterFactory } from '../../infrastructure/limits';

export const AUTH_RATE_WINDOW_SECONDS = 15 * 60;
/** Consecutive failures from one address on one account before each further attempt is slowed down. */
export const FAILURES_BEFORE_DELAY = 3;
export const DELAY_PER_FAILURE_MS = 250;
export const MAX_DELAY_MS = 2000;

export interface AuthThrottleOptions {
  /** Attempts on one account from one address: the strict limit a stranger runs into. */
  perAccountAndAddress: number;
  /** Attempts on one account from every address together; several times the above, so one stranger cannot lock the owner out. */
  perAccount: number;
  /** Attempts from one address across accounts. */
  perAddress: number;
  /** Where the counters live (this process's memory by default). */
  makeLimiter?: LimiterFactory;
  sleep?: (ms: number) => Promise<void>;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The delay before checking an attempt, given the consecutive failures so far. */
export function delayForFailures(failures: number): number {
  return failures < FAILURES_BEFORE_DELAY ? 0 : Math.min(DELAY_PER_FAILURE_MS * failures, MAX_DELAY_MS);
}

/** An address key never contains '|', so the pair cannot be mistaken for another. */
const accountAtAddress = (account: string, address: string) => `${address}|${account}`;

/**
 * Abuse limits of sign-in, sign-up and password checks, in 15-minute windows: attempts per account
 * (e-mail, or user id for password checks) from one address, per account overall, and per address; and
 * a growing delay once an account keeps failing from one address. Someone guessing from elsewhere
 * therefore neither blocks nor slows the owner down.
 */
export class AuthThrottle {
  private readonly perAccountAndAddress: Limiter;
  private readonly perAccount: Limiter;
  private readonly perAddress: Limiter;
  /** A counter only: it never refuses. */
  private readonly failures: Limiter;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AuthThrottleOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const makeLimiter = options.makeLimiter ?? createLimiter;
    this.failures = makeLimiter({ name: 'auth-failures', points: Number.MAX_SAFE_INTEGER, windowSeconds: AUTH_RATE_WINDOW_SECONDS });
    const limiter = (name: string, points: number) => makeLimiter({ name, points, windowSeconds: AUTH_RATE_WINDOW_SECONDS });
    this.perAccountAndAddress = limiter('auth-account-address', options.perAccountAndAddress);
    this.perAccount = limiter('auth-account', options.perAccount);
    this.perAddress = limiter('auth-address', options.perAddress);
  }

  /**
   * Counts one attempt. The account's overall allowance, which its owner shares, is spent only by
   * attempts their address lets through: a stranger refused at theirs cannot use it up.
   */
  async attempt(account: string, address: string): Promise<ThrottleDecision> {
    const addressKey = addressKeyOf(address);
    const local = await Promise.all([
      this.perAccountAndAddress.spend(accountAtAddress(account, addressKey)),
      this.perAddress.spend(addressKey),
    ]);
    const allowances = local.every((allowance) => allowance.allowed) ? [...local, await this.perAccount.spend(account)] : local;
    const refused = allowances.filter((allowance) => !allowance.allowed);
    if (refused.length === 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((allowance) => allowance.retryAfterSeconds)) };
  }

  /** Waits before an attempt is checked when the account has failed repeatedly from this address. */
  async slowDown(account: string, address: string): Promise<number> {
    const delay = delayForFailures(await this.failuresOf(account, address));
    if (delay > 0) await this.sleep(delay);
    return delay;
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await this.failures.spend(accountAtAddress(account, addressKeyOf(address)));
  }

  async recordSuccess(account: string, address: string): Promise<void> {
    await this.failures.reset(accountAtAddress(account, addressKeyOf(address)));
  }

  async failuresOf(account: string, address: string): Promise<number> {
    return (await this.failures.peek(accountAtAddress(account, addressKeyOf(address)))).spent;
  }
}
