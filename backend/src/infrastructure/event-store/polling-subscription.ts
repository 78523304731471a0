import type { RecordedEvent, SubscribeOptions, Subscription } from '@ringcheck/projections';
import type { ChangeSignal } from './change-signal';

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

/** Reads committed events with a position greater than `after`, oldest first. */
export type ReadPage = (after: number, maxCount: number) => Promise<RecordedEvent[]>;

const PAGE_SIZE = 500;

/**
 * Catch-up then live subscription over a store that can be read by position: it reads pages after
 * the last delivered position and, once caught up, sleeps until the change signal fires. Because
 * it always re-reads from its own cursor, events committed while it catches up are delivered once,
 * in position order, whichever way they arrive.
 */
export class PollingSubscription implements Subscription {
  private cursor: number;
  private delivered: number | undefined;
  private closed = false;
  private inHandler = false;
  private wakeOnClose!: () => void;
  private readonly closing = new Promise<void>((resolve) => (this.wakeOnClose = resolve));
  private readonly done: Promise<void>;

  constructor(
    private readonly readPage: ReadPage,
    private readonly signal: ChangeSignal,
    private readonly handler: EventHandler,
    private readonly options: SubscribeOptions,
    private readonly onStopped: (subscription: PollingSubscription) => void,
  ) {
    this.cursor = options.fromPosition ?? 0;
    this.done = this.run().finally(() => this.onStopped(this));
  }

  /** Position of the last event whose handler completed. */
  get lastPosition(): number | undefined {
    return this.delivered;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeOnClose();
    // Called from inside the handler, waiting for the loop would wait for ourselves.
    if (!this.inHandler) await this.done;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const seenVersion = this.signal.currentVersion;
      let page: RecordedEvent[];
      try {
        page = await this.readPage(this.cursor, PAGE_SIZE);
      } catch (error) {
        if (!this.closed) this.fail(error);
        return;
      }
      for (const event of page) {
        if (this.closed) return;
        this.inHandler = true;
        try {
          await this.handler(event);
        } catch (error) {
          this.fail(error);
          return;
        } finally {
          this.inHandler = false;
        }
        this.cursor = event.position;
        this.delivered = event.position;
      }
      if (page.length < PAGE_SIZE && !this.closed) {
        await Promise.race([this.signal.wait(seenVersion), this.closing]);
      }
    }
  }

  private fail(error: unknown): void {
    this.closed = true;
    const failure = error instanceof Error ? error : new Error(String(error));
    try {
      if (this.options.onError) this.options.onError(failure);
      else console.error('Event subscription stopped:', failure);
    } catch (reportError) {
      console.error('Event subscription stopped; reporting it failed too:', failure, reportError);
    }
  }
}
