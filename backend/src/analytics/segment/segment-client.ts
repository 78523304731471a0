import { Analytics } from '@segment/analytics-node';
import type { SegmentCall } from './segment-calls';

export interface SegmentClientOptions {
  writeKey: string;
  /** Base URL of Segment's tracking API; batches go to `<host>/v1/batch`. */
  host: string;
  /** Longest wait for one HTTP answer. */
  httpRequestTimeoutMs?: number;
  /** Quick retries of one batch inside the library before a delivery counts as failed. */
  maxRetries?: number;
  /** How long a batch that is not full waits for more messages before it goes out. */
  flushIntervalMs?: number;
}

/** A call Segment did not take. `permanent` when it never will (refused as malformed or too large). */
export interface FailedDelivery {
  call: SegmentCall;
  reason: string;
  permanent: boolean;
}

/** Segment refuses these for good: a malformed batch (400), one too large (413), an event over 32 KB. */
const PERMANENT = /^\[(400|413)\]|exceeds maximum event size/;

/** Messages per request: Segment takes up to 500 KB, the library splits a batch that would be larger. */
const FLUSH_AT = 100;

/**
 * Delivers calls with Segment's own Node library (`@segment/analytics-node`): batches to `/v1/batch`
 * with the write key as Basic auth, a few quick retries of 5xx, timeouts and refused connections.
 * `deliver` resolves once Segment has answered for every call, with the ones it did not take.
 */
export class SegmentClient {
  private readonly analytics: Analytics;

  constructor(options: SegmentClientOptions) {
    this.analytics = new Analytics({
      writeKey: options.writeKey,
      host: options.host,
      flushAt: FLUSH_AT,
      flushInterval: options.flushIntervalMs ?? 200,
      maxRetries: options.maxRetries ?? 2,
      httpRequestTimeout: options.httpRequestTimeoutMs ?? 10_000,
    });
  }

  async deliver(calls: readonly SegmentCall[]): Promise<FailedDelivery[]> {
    const outcomes = await Promise.all(calls.map((call) => this.send(call)));
    return outcomes.filter((failure): failure is FailedDelivery => failure !== null);
  }

  /** Sends what is queued and stops; waits at most `timeoutMs`. */
  close(timeoutMs: number): Promise<void> {
    return this.analytics.closeAndFlush({ timeout: timeoutMs });
  }

  private send(call: SegmentCall): Promise<FailedDelivery | null> {
    return new Promise((resolve) => {
      const done = (error?: unknown) => {
        if (!error) return resolve(null);
        const reason = error instanceof Error ? error.message : String(error);
        resolve({ call, reason, permanent: PERMANENT.test(reason) });
      };
      switch (call.kind) {
        case 'track':
          return this.analytics.track(call.params, done);
        case 'page':
          return this.analytics.page(call.params, done);
        case 'identify':
          return this.analytics.identify(call.params, done);
        case 'alias':
          return this.analytics.alias(call.params, done);
      }
    });
  }
}
