import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

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

/** Makes a limiter; one is chosen per process, by where the counters must live. */
export type LimiterFactory = (options: LimiterOptions) => Limiter;

function checked(options: LimiterOptions): LimiterOptions {
  if (!Number.isInteger(options.points) || options.points < 1) throw new RangeError(`${options.name}: points must be a positive integer`);
  return options;
}

function inMemory(options: LimiterOptions): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration: options.windowSeconds });
}

/** Counters in this process's memory: the default, for a single node. */
export const createLimiter: LimiterFactory = (options) => new FlexibleLimiter(inMemory(checked(options)), options);

/**
 * Counters in Redis, shared by every node, so spreading requests over nodes does not raise a caller's
 * ceiling: each spend is one atomic increment of the key's window. While Redis cannot be reached, each node
 * counts in its own memory rather than letting everything through (calls stay limited, if per node).
 */
export function redisLimiterFactory(client: Redis): LimiterFactory {
  return (options) =>
    new FlexibleLimiter(
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `ringcheck:${checked(options).name}`,
        points: options.points,
        duration: options.windowSeconds,
        insuranceLimiter: inMemory(options),
      }),
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
