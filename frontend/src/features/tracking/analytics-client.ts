import type { AnalyticsBatchRequest, AnalyticsMessage } from '@ringcheck/projections/contract';
import { ANALYTICS_LIMITS, type AnalyticsLimits } from './analytics-limits';
import { jsonBytes, type SizedMessage, splitBySize } from './batch-sizing';
import { rateLimitWaitMs } from './rate-limit-wait';

/** Sends one batch body to the ingestion endpoint and answers the response, whatever its status. */
export type AnalyticsTransport = (batch: AnalyticsBatchRequest, options: { keepalive: boolean; signal?: AbortSignal }) => Promise<Response>;

/** Time as the client sees it; tests drive it by hand. */
export interface AnalyticsScheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  sleep(ms: number): Promise<void>;
}

export const browserScheduler: AnalyticsScheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
};

export interface AnalyticsClientOptions {
  transport: AnalyticsTransport;
  scheduler?: AnalyticsScheduler;
  /** In [0, 1); draws the pause before a retry. */
  random?: () => number;
  logger?: Pick<Console, 'warn'>;
  limits?: Partial<AnalyticsLimits>;
}

interface Batch {
  messages: AnalyticsMessage[];
  /** Set when the batch left by other means (the page-hide flush) or was discarded: its retries stop. */
  settled: boolean;
}

type Outcome = { kind: 'sent' } | { kind: 'failed'; reason: string } | { kind: 'rate-limited'; waitMs: number } | { kind: 'refused'; status: number };

/**
 * The browser's analytics queue (spec sections 8 and 9). Messages wait until 10 are queued or 5 s after the
 * first; batches go out one at a time, in order. A 5xx or network error retries the same batch (same
 * messageIds, so the server stores it once) up to 10 times after a random pause of up to 5 s; a 429 waits
 * for its reset header (5 s without one) and is not counted as a failure; any other 4xx drops the batch.
 * Every failure is a logged warning: nothing here throws into the app.
 */
export class AnalyticsClient {
  private readonly transport: AnalyticsTransport;
  private readonly scheduler: AnalyticsScheduler;
  private readonly random: () => number;
  private readonly logger: Pick<Console, 'warn'>;
  private readonly limits: AnalyticsLimits;
  private queue: SizedMessage[] = [];
  private outbox: Batch[] = [];
  private timer: unknown = null;
  private draining: Promise<void> | null = null;

  constructor(options: AnalyticsClientOptions) {
    this.transport = options.transport;
    this.scheduler = options.scheduler ?? browserScheduler;
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? console;
    this.limits = { ...ANALYTICS_LIMITS, ...options.limits };
  }

  /** Messages not yet delivered: queued, waiting in a batch, or being sent. */
  get pending(): number {
    return this.queue.length + this.outbox.reduce((sum, batch) => sum + batch.messages.length, 0);
  }

  /** Queues a message; false when it was dropped (too large, or too many waiting). */
  enqueue(message: AnalyticsMessage): boolean {
    const bytes = jsonBytes(message);
    if (bytes > this.limits.maxMessageBytes) {
      this.logger.warn(`Analytics message "${message.event ?? message.name ?? message.type}" dropped: ${bytes} bytes is over the ${this.limits.maxMessageBytes}-byte limit`);
      return false;
    }
    if (this.pending >= this.limits.maxQueuedMessages) {
      this.logger.warn(`Analytics message dropped: ${this.pending} messages are already waiting`);
      return false;
    }
    this.queue.push({ message, bytes });
    if (this.queue.length >= this.limits.batchSize) void this.flush();
    else if (this.timer === null) this.timer = this.scheduler.setTimeout(() => void this.flush(), this.limits.flushIntervalMs);
    return true;
  }

  /** Sends what is queued now; resolves once every batch waiting has been delivered or given up. */
  flush(): Promise<void> {
    this.stopTimer();
    if (this.queue.length > 0) {
      const groups = splitBySize(this.queue, this.limits.batchSize, this.limits.maxBatchBytes);
      this.queue = [];
      for (const group of groups) this.outbox.push({ messages: group.map((sized) => sized.message), settled: false });
    }
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /**
   * The page is going away: everything undelivered leaves now with `keepalive`, in bodies of at most
   * ~64 KB, which browsers let outlive the page. The batch being retried goes too: its messageIds make a
   * second arrival a no-op on the server.
   */
  flushOnPageHide(): void {
    this.stopTimer();
    const waiting: SizedMessage[] = [];
    for (const batch of this.outbox) {
      batch.settled = true;
      for (const message of batch.messages) waiting.push({ message, bytes: jsonBytes(message) });
    }
    waiting.push(...this.queue);
    this.outbox = [];
    this.queue = [];
    const chunks = splitBySize(waiting, Number.POSITIVE_INFINITY, this.limits.keepaliveChunkBytes);
    for (const chunk of chunks) {
      const batch = { batch: chunk.map((sized) => sized.message), sentAt: this.isoNow() };
      this.transport(batch, { keepalive: true })
        .then((response) => {
          if (!response.ok) this.logger.warn(`Analytics batch sent on page hide was refused (status ${response.status})`);
        })
        .catch((error: unknown) => this.logger.warn('Analytics batch sent on page hide failed', describe(error)));
    }
  }

  /** Forgets everything undelivered (consent withdrawn): nothing waiting is sent, retries stop. */
  clear(): void {
    this.stopTimer();
    for (const batch of this.outbox) batch.settled = true;
    this.outbox = [];
    this.queue = [];
  }

  private stopTimer(): void {
    if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  private async drain(): Promise<void> {
    while (this.outbox.length > 0) {
      const batch = this.outbox[0];
      await this.deliver(batch);
      if (this.outbox[0] === batch) this.outbox.shift();
    }
  }

  private async deliver(batch: Batch): Promise<void> {
    let failures = 0;
    while (!batch.settled) {
      const outcome = await this.attempt(batch.messages);
      if (batch.settled) return;
      switch (outcome.kind) {
        case 'sent':
          return;
        case 'refused':
          // A 4xx other than 429 is the server's final word on this batch: sending it again changes nothing.
          this.logger.warn(`Analytics batch of ${batch.messages.length} dropped: refused with status ${outcome.status}`);
          return;
        case 'rate-limited':
          await this.scheduler.sleep(outcome.waitMs);
          break;
        case 'failed':
          failures += 1;
          if (failures > this.limits.maxRetries) {
            this.logger.warn(`Analytics batch of ${batch.messages.length} dropped after ${this.limits.maxRetries} retries (${outcome.reason})`);
            return;
          }
          this.logger.warn(`Analytics batch failed (${outcome.reason}); retry ${failures} of ${this.limits.maxRetries}`);
          await this.scheduler.sleep(Math.floor(this.random() * this.limits.maxRetryDelayMs));
          break;
      }
    }
  }

  private async attempt(messages: AnalyticsMessage[]): Promise<Outcome> {
    const controller = new AbortController();
    const timeout = this.scheduler.setTimeout(() => controller.abort(), this.limits.requestTimeoutMs);
    try {
      const response = await this.transport({ batch: messages, sentAt: this.isoNow() }, { keepalive: false, signal: controller.signal });
      // The answer's body is not needed; reading it lets the connection be reused.
      await response.text().catch(() => undefined);
      if (response.ok) return { kind: 'sent' };
      if (response.status === 429) {
        return { kind: 'rate-limited', waitMs: rateLimitWaitMs(response.headers, this.scheduler.now(), this.limits.defaultRateLimitWaitMs) };
      }
      if (response.status >= 500) return { kind: 'failed', reason: `status ${response.status}` };
      return { kind: 'refused', status: response.status };
    } catch (error) {
      return { kind: 'failed', reason: controller.signal.aborted ? `no answer within ${this.limits.requestTimeoutMs} ms` : `network error: ${describe(error)}` };
    } finally {
      this.scheduler.clearTimeout(timeout);
    }
  }

  private isoNow(): string {
    return new Date(this.scheduler.now()).toISOString();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

