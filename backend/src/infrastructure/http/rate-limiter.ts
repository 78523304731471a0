import { idFromName } from '../ids/ids';

export interface RateLimiterOptions {
  /** Requests allowed per client per window. */
  readonly limit: number;
  readonly windowMs?: number;
  /** Most clients tracked at once; past it the oldest window is dropped. */
  readonly maxClients?: number;
  readonly now?: () => number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  readonly resetAt: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/** Body of GET /api/analytics/rate-limits/. */
export interface RateLimitStatus {
  readonly id: string;
  readonly scope: string;
  readonly limit: number;
  readonly remaining: number;
  readonly reset_at: string;
  readonly window_seconds: number;
}

interface Window {
  readonly startedAt: number;
  count: number;
}

/**
 * In-memory fixed-window limiter keyed by client (see `rateLimitClientOf`). The map is kept in order of
 * window start, since a key is re-inserted whenever it opens a new window, so expired windows are always
 * at its front and are evicted from there on every hit: memory stays bounded by the active clients.
 */
export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly maxClients: number;
  private readonly now: () => number;
  private readonly windows = new Map<string, Window>();

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.maxClients = options.maxClients ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request for `key` and says whether it may proceed. */
  hit(key: string): RateLimitDecision {
    const now = this.now();
    this.evictExpired(now);
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= this.maxClients) this.evictOldest();
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return this.decision(window, now);
  }

  /** The client's current allowance, without counting a request. */
  status(key: string): RateLimitStatus {
    const now = this.now();
    this.evictExpired(now);
    const window = this.windows.get(key) ?? { startedAt: now, count: 0 };
    const decision = this.decision(window, now);
    return {
      id: idFromName('rate_', key),
      scope: scopeOf(key),
      limit: this.limit,
      remaining: decision.remaining,
      reset_at: new Date(decision.resetAt).toISOString(),
      window_seconds: Math.round(this.windowMs / 1000),
    };
  }

  /** Number of clients currently tracked. */
  get size(): number {
    return this.windows.size;
  }

  private decision(window: Window, now: number): RateLimitDecision {
    const resetAt = window.startedAt + this.windowMs;
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    };
  }

  private evictExpired(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.startedAt + this.windowMs > now) break;
      this.windows.delete(key);
    }
  }

  private evictOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}

function scopeOf(key: string): string {
  const separator = key.indexOf(':');
  return separator > 0 ? key.slice(0, separator) : 'client';
}
