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
 * order, rather than being refused.
 */
export class PlacementQueue {
  private readonly intervalMs: number;
  private readonly waiting: Waiting[] = [];
  private lastTurnAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(perSecond: number, private readonly now: () => number = Date.now) {
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
    if (this.timer || this.waiting.length === 0) return;
    const waitMs = this.lastTurnAt + this.intervalMs - this.now();
    if (waitMs > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, waitMs);
      return;
    }
    this.lastTurnAt = this.now();
    this.waiting.shift()!.go(true);
    this.pump();
  }
}
