import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Names this limiter's counters, so several limiters can share one store. */
  readonly name: string;
  /** Points (requests, attempts, calls) a key may spend per window. */
  readonly points: number;
  readonly windowSeconds: number;
}

/** Where a key stands in its current window. */
export interface Allowance {
  /** False when the spend that produced this allowance went over the limit. */
  readonly allowed: boolean;
  readonly limit: number;
  /** Points spent in the current window, refused ones included. */
  readonly spent: number;
  readonly remaining: number;
  /** Epoch milliseconds at which the window ends. */
  readonly resetAt: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/** Fixed-window counters per key. A window opens at a key's first spend. */
export interface Limiter {
  /** Spends one point of `key`'s allowance; a refused spend is still counted. */
  spend(key: string): Promise<Allowance>;
  /** The key's allowance, without spending. */
  peek(key: string): Promise<Allowance>;
  /** Gives back one point spent in the current window. */
  refund(key: string): Promise<void>;
  /** Starts the key afresh. */
  reset(key: string): Promise<void>;
}

/**
 * Makes a limiter. This is the one place that picks where the counters live: in this process's memory.
 * Several servers need one shared store: a RateLimiterRedis (or any other rate-limiter-flexible store)
 * built here serves every caller unchanged.
 */
export function createLimiter(options: LimiterOptions): Limiter {
  if (!Number.isInteger(options.points) || options.points < 1) throw new RangeError(`${options.name}: points must be a positive integer`);
  return new FlexibleLimiter(
    new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration: options.windowSeconds }),
    options,
  );
}

class FlexibleLimiter implements Limiter {
  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly options: LimiterOptions,
  ) {}

  async spend(key: string): Promise<Allowance> {
    try {
      return this.allowance(await this.store.consume(key), true);
    } catch (refusal) {
      // rate-limiter-flexible rejects with the key's standing when it is over the limit, and with an Error when the store fails.
      if (refusal instanceof RateLimiterRes) return this.allowance(refusal, false);
      throw refusal;
    }
  }

  async peek(key: string): Promise<Allowance> {
    const standing = await this.store.get(key);
    return this.allowance(standing ?? new RateLimiterRes(this.options.points, this.options.windowSeconds * 1000, 0), true);
  }

  async refund(key: string): Promise<void> {
    // Rewarding an expired key would open a window below zero: only a live one is given its point back.
    if (await this.store.get(key)) await this.store.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  private allowance(standing: RateLimiterRes, allowed: boolean): Allowance {
    const msLeft = Math.max(0, standing.msBeforeNext);
    return {
      allowed,
      limit: this.options.points,
      spent: standing.consumedPoints,
      remaining: Math.max(0, this.options.points - standing.consumedPoints),
      resetAt: Date.now() + msLeft,
      retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    };
  }
}
