import { type AllStreamSubscription, type EventStoreDBClient, START, excludeSystemEvents } from '@eventstore/db-client';
import type { SubscribeOptions, Subscription } from '@ringcheck/projections';
import { fromEventStoreDbError } from './eventstoredb-errors';
import { toEventStoreDbPosition, toRecordedEvent } from './eventstoredb-event-mapper';
import type { EventHandler } from './polling-subscription';

export interface ResubscribePolicy {
  /** Consecutive failed attempts after which the subscription gives up and reports through onError. */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESUBSCRIBE_POLICY: ResubscribePolicy = { maxAttempts: 8, initialDelayMs: 200, maxDelayMs: 5000 };

/**
 * Catch-up subscription to $all (server-side filter without system events). When the gRPC stream
 * drops, it resubscribes from the last delivered position, waiting longer after each consecutive
 * failure; events at or before that position are dropped, so nothing is delivered twice.
 */
export class EventStoreDbSubscription implements Subscription {
  private cursor: number | undefined;
  private delivered: number | undefined;
  private closed = false;
  private inHandler = false;
  private current: AllStreamSubscription | undefined;
  private wakeOnClose!: () => void;
  private readonly closing = new Promise<void>((resolve) => (this.wakeOnClose = resolve));
  private readonly done: Promise<void>;

  constructor(
    private readonly client: Pick<EventStoreDBClient, 'subscribeToAll'>,
    private readonly handler: EventHandler,
    private readonly options: SubscribeOptions,
    private readonly policy: ResubscribePolicy,
    private readonly onStopped: (subscription: EventStoreDbSubscription) => void,
  ) {
    this.cursor = options.fromPosition;
    this.done = this.run().finally(() => this.onStopped(this));
  }

  /** Position of the last event whose handler completed. */
  get lastPosition(): number | undefined {
    return this.delivered;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeOnClose();
    await this.current?.unsubscribe().catch(() => undefined);
    if (!this.inHandler) await this.done;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      let subscription: AllStreamSubscription | undefined;
      let failure: unknown;
      try {
        subscription = this.client.subscribeToAll({
          fromPosition: this.cursor === undefined ? START : toEventStoreDbPosition(this.cursor),
          filter: excludeSystemEvents(),
        });
        this.current = subscription;
        for await (const resolved of subscription) {
          if (this.closed) break;
          const event = toRecordedEvent(resolved);
          if (!event || (this.cursor !== undefined && event.position <= this.cursor)) continue;
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
          failures = 0;
        }
        if (!this.closed) failure = new Error('EventStoreDB ended the $all subscription');
      } catch (error) {
        failure = error;
      } finally {
        this.current = undefined;
        await subscription?.unsubscribe().catch(() => undefined);
      }
      if (this.closed) return;
      failures += 1;
      if (failures > this.policy.maxAttempts) {
        this.fail(fromEventStoreDbError(failure));
        return;
      }
      const delay = Math.min(this.policy.maxDelayMs, this.policy.initialDelayMs * 2 ** (failures - 1));
      await this.sleep(delay);
    }
  }

  private async sleep(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), this.closing]);
    clearTimeout(timer);
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
