/** The analytics client's constants (spec section 9, "Analytics"; Segment's limits where the spec says "about"). */
export const ANALYTICS_LIMITS = {
  /** A batch is sent once this many messages are queued, and holds at most this many. */
  batchSize: 10,
  /** A batch is sent at the latest this long after its first message was queued. */
  flushIntervalMs: 5000,
  /** Tries of one batch after the first, on a 5xx answer or a network error. */
  maxRetries: 10,
  /** The pause before each retry is drawn between 0 and this. */
  maxRetryDelayMs: 5000,
  /** A 429 without a reset header waits this long. */
  defaultRateLimitWaitMs: 5000,
  /** A request that has not answered by then counts as a network error. */
  requestTimeoutMs: 15_000,
  /** A batch's JSON body at most (Segment: 500 KB). */
  maxBatchBytes: 500 * 1024,
  /** One message's JSON at most (Segment: 32 KB); a larger one is dropped. */
  maxMessageBytes: 32 * 1024,
  /** A keepalive request's body at most: browsers refuse larger ones. */
  keepaliveChunkBytes: 64 * 1000,
  /** Messages waiting at most; while the server refuses them longer, newer ones are dropped. */
  maxQueuedMessages: 1000,
} as const;

export type AnalyticsLimits = { readonly [K in keyof typeof ANALYTICS_LIMITS]: number };

/** `Error Occurred`'s message at most (spec section 9). */
export const ERROR_MESSAGE_MAX_LENGTH = 500;

/** Share of fingerprint computations reported (spec section 9: 0.1 %). */
export const FINGERPRINT_MONITORING_SAMPLE_RATE = 0.001;
