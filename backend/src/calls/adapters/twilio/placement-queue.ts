import type { Spacing } from '../../../infrastructure/limits';

export interface QueueTicket {
  /** Resolves true when it is this placement's turn, false if it was withdrawn first. */
  readonly turn: Promise<boolean>;
  /** Leaves the queue; false when the turn had already come. */
  withdraw(): boolean;
}

interface Waiting {
  go(allowed: boolean): void;
}

/**
 * Spaces placements to at most `perSecond` (Twilio's calls-per-second limit): each waits its turn, in
 * order, rather than being refused. The limit is the account's: with `shared` (every node's turns on one
 * timeline) the turn this node gives its next placement is also one no other node has.
 */
export class PlacementQueue {
  private readonly intervalMs: number;
  private readonly waiting: Waiting[] = [];
  private lastTurnAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  /** A shared turn is being reserved. */
  private reserving = false;

  constructor(
    perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly shared: Spacing | null = null,
  ) {
    this.intervalMs = 1000 / perSecond;
  }

  enqueue(): QueueTicket {
    let entry!: Waiting;
    const turn = new Promise<boolean>((resolve) => (entry = { go: resolve }));
    this.waiting.push(entry);
    this.pump();
    return {
      turn,
      withdraw: () => {
        const index = this.waiting.indexOf(entry);
        if (index < 0) return false;
        this.waiting.splice(index, 1);
        entry.go(false);
        return true;
      },
    };
  }

  /** Withdraws every waiting placement (shutdown). */
  clear(): void {
    for (const entry of this.waiting.splice(0)) entry.go(false);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.timer || this.reserving || this.waiting.length === 0) return;
    const waitMs = this.lastTurnAt + this.intervalMs - this.now();
    if (waitMs > 0) return this.after(waitMs, () => this.pump());
    if (!this.shared) return this.turn();
    this.reserving = true;
    void this.shared
      .reserve(this.intervalMs)
      .catch(() => 0)
      .then((sharedWaitMs) => {
        this.reserving = false;
        // A placement withdrawn meanwhile leaves its turn to the next one, or unused.
        if (sharedWaitMs > 0) this.after(sharedWaitMs, () => this.turn());
        else this.turn();
      });
  }

  private turn(): void {
    this.lastTurnAt = this.now();
    this.waiting.shift()?.go(true);
    this.pump();
  }

  private after(ms: number, then: () => void): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      then();
    }, ms);
  }
}
