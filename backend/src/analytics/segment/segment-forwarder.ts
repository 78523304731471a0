import { Backoff, type EventStore, type RecordedEvent, sleep } from '@ringcheck/projections';
import type { ForwarderCheckpoints } from './forwarder-checkpoint';
import { type SegmentCall, segmentCallFor } from './segment-calls';
import type { FailedDelivery } from './segment-client';

export interface SegmentForwarderLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface SegmentForwarderDeps {
  events: EventStore;
  checkpoints: ForwarderCheckpoints;
  segment: {
    deliver(calls: readonly SegmentCall[]): Promise<FailedDelivery[]>;
    /** Sends what is under way and settles every pending delivery (those it cannot send, as failed). */
    close(): Promise<void>;
  };
  /** Whether a visitor had consented to analytics as of a revision of its stream (for aliases). */
  consentedAsOf(anonId: string, revision: number): Promise<boolean>;
  logger?: SegmentForwarderLogger;
}

export interface SegmentForwarderOptions {
  /** Events read from the log per round; their messages go to Segment together. */
  pageSize?: number;
  /** How often the log is looked at again once everything is delivered. */
  idleMs?: number;
  /** First pause after a failed round, doubled after each further failure up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/**
 * Follows the event log from its own checkpoint and delivers every analytics message (and every
 * visitor-to-account link, as an alias) to Segment. The checkpoint advances only once Segment has taken
 * a whole page; when Segment is down, slow or refusing connections the page is kept and sent again
 * after a growing pause, so nothing is lost, and a repeat carries the same messageIds, which Segment
 * deduplicates. A message Segment refuses for good (malformed, too large) is logged and passed over,
 * so it cannot hold back the rest. It reads the log on its own: ingestion never waits for it.
 */
export class SegmentForwarder {
  private readonly stopping = new AbortController();
  private readonly retries: Backoff;
  private readonly pageSize: number;
  private readonly idleMs: number;
  private running: Promise<void> | undefined;
  private delivered = 0;
  private failing: string | undefined;

  constructor(
    private readonly deps: SegmentForwarderDeps,
    options: SegmentForwarderOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
    const retryDelayMs = options.retryDelayMs ?? 1000;
    this.retries = new Backoff(retryDelayMs, Math.max(retryDelayMs, options.maxRetryDelayMs ?? 60_000));
  }

  /** Position of the last event delivered (or passed over) in this run. */
  get position(): number {
    return this.delivered;
  }

  start(): void {
    this.running ??= this.run();
  }

  /** Stops following the log; a page Segment has not fully taken keeps the checkpoint where it was. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.deps.segment.close();
    await this.running;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    const start = await this.attempt(() => this.startingPosition());
    if (start === undefined) return;
    this.delivered = start;
    while (!this.stopped) {
      const page = await this.attempt(() => this.deps.events.readAll({ fromPosition: this.delivered, maxCount: this.pageSize }));
      if (this.stopped) return;
      if (!page || page.length === 0) {
        await sleep(this.idleMs, this.stopping.signal);
        continue;
      }
      const done = await this.attempt(() => this.forward(page));
      if (done === undefined) continue;
      this.delivered = page[page.length - 1].position;
      // Were this write lost, the page would only be delivered again, with the same messageIds.
      await this.attempt(() => this.deps.checkpoints.save(this.delivered));
    }
  }

  /** The stored checkpoint; one beyond the log's head belongs to another log, so this one starts over. */
  private async startingPosition(): Promise<number> {
    const [stored, head] = await Promise.all([this.deps.checkpoints.load(), this.deps.events.headPosition()]);
    if (stored <= head) return stored;
    this.deps.logger?.warn(`Segment forwarder checkpoint ${stored} is beyond the event log's head ${head}: forwarding from the start`);
    return 0;
  }

  /** Delivers one page; throws (so the page is kept and retried) when Segment did not take all of it. */
  private async forward(page: readonly RecordedEvent[]): Promise<true> {
    const calls: SegmentCall[] = [];
    for (const event of page) {
      const call = segmentCallFor(event);
      if (!call) continue;
      // An alias goes out only when the visitor's consent stood when it was linked.
      if (call.kind === 'alias' && !(await this.deps.consentedAsOf(call.anonId, event.revision))) continue;
      calls.push(call);
    }
    if (calls.length === 0) return true;
    const failures = await this.deps.segment.deliver(calls);
    const transient = failures.filter((failure) => !failure.permanent);
    if (transient.length > 0) throw new Error(`Segment did not take ${transient.length} of ${calls.length} messages: ${transient[0].reason}`);
    const refused = failures.map((failure) => failure.call);
    // Segment refuses a whole batch for one bad message: send them one by one to pass over that one only.
    for (const call of refused.length > 1 ? refused : []) {
      const [failure] = await this.deps.segment.deliver([call]);
      if (failure && !failure.permanent) throw new Error(`Segment did not take a message: ${failure.reason}`);
      if (failure) this.refusedForGood(failure);
    }
    if (refused.length === 1) this.refusedForGood(failures[0]);
    return true;
  }

  private refusedForGood(failure: FailedDelivery): void {
    this.deps.logger?.error(`Segment refused message ${failure.call.params.messageId} for good (${failure.reason}); it is not sent again`);
  }

  /**
   * Runs `work` until it succeeds or the forwarder stops (then answers undefined), pausing longer after
   * each failure. An outage is logged when it starts and when it ends, not at every retry.
   */
  private async attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
    while (!this.stopped) {
      try {
        const result = await work();
        if (this.failing) this.deps.logger?.warn(`Segment forwarding resumed at position ${this.delivered}`);
        this.failing = undefined;
        this.retries.reset();
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!this.failing) this.deps.logger?.warn(`Segment forwarding paused, retrying until it succeeds: ${message}`);
        this.failing = message;
        await sleep(this.retries.next(), this.stopping.signal);
      }
    }
    return undefined;
  }
}
