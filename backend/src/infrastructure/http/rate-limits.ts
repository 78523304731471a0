import type { RateLimitStatusView } from '@ringcheck/projections';
import { idFromName } from '../ids/ids';
import { type Allowance, createLimiter, type Limiter, type LimiterFactory } from '../limits/limiter';
import type { RateLimitBucketName } from './rate-limit-bucket.decorator';
import type { RateLimitKey, RateLimitKeyKind } from './rate-limit-keys';

const WINDOW_SECONDS = 60;

export type RateLimitsPerMinute = Readonly<Record<RateLimitBucketName, number>>;

export interface RateLimitOutcome {
  readonly allowed: boolean;
  /** What the RateLimit headers show: the refusing key that frees up last, else the key with least left. */
  readonly binding: Allowance;
  readonly refusedBy: readonly RateLimitKeyKind[];
}

/** Body of GET /api/analytics/rate-limits/. */
/** Requests per minute of each bucket, counted against every key of a request (see `rateLimitKeysOf`). */
export class RateLimits {
  private readonly limiters: Record<RateLimitBucketName, Limiter>;

  constructor(
    readonly perMinute: RateLimitsPerMinute,
    makeLimiter: LimiterFactory = createLimiter,
  ) {
    const limiter = (bucket: RateLimitBucketName) =>
      makeLimiter({ name: `rate-${bucket}`, points: perMinute[bucket], windowSeconds: WINDOW_SECONDS });
    this.limiters = { general: limiter('general'), searches: limiter('searches'), calls: limiter('calls') };
  }

  /** Counts one request against each key; it may proceed only when every key allows it. */
  async hit(bucket: RateLimitBucketName, keys: readonly RateLimitKey[]): Promise<RateLimitOutcome> {
    const limiter = this.limiters[bucket];
    const allowances = await Promise.all(keys.map(({ key }) => limiter.spend(key)));
    return {
      allowed: allowances.every((allowance) => allowance.allowed),
      binding: allowances[bindingIndex(allowances)],
      refusedBy: keys.filter((_, index) => !allowances[index].allowed).map(({ kind }) => kind),
    };
  }

  /** The caller's general allowance, without counting a request: that of its key with least left. */
  async status(keys: readonly RateLimitKey[]): Promise<RateLimitStatusView> {
    const allowances = await Promise.all(keys.map(({ key }) => this.limiters.general.peek(key)));
    const index = bindingIndex(allowances);
    const allowance = allowances[index];
    return {
      id: idFromName('rate_', keys[index].key),
      scope: keys[index].kind,
      limit: allowance.limit,
      remaining: allowance.remaining,
      reset_at: new Date(allowance.resetAt).toISOString(),
      window_seconds: WINDOW_SECONDS,
    };
  }
}

function bindingIndex(allowances: readonly Allowance[]): number {
  const binds = (a: Allowance, b: Allowance) =>
    a.allowed !== b.allowed ? !a.allowed : a.allowed ? a.remaining < b.remaining : a.retryAfterSeconds > b.retryAfterSeconds;
  return allowances.reduce((best, allowance, index) => (binds(allowance, allowances[best]) ? index : best), 0);
}
