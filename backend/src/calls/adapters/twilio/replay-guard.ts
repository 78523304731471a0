/**
 * Remembers the signatures of the webhook requests already accepted, for `ttlMs` and at most `capacity`
 * of them. A signature covers the URL and every parameter (the call, its status, sequence number and
 * timestamp), so a repeat is the same request again: a replay, or a retry of one already handled.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 60 * 60 * 1000,
    private readonly capacity = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time `key` is offered; false for a repeat within the window. */
  firstSeen(key: string): boolean {
    const now = this.now();
    for (const [oldest, at] of this.seen) {
      if (now - at < this.ttlMs && this.seen.size < this.capacity) break;
      this.seen.delete(oldest);
    }
    if (this.seen.has(key)) return false;
    this.seen.set(key, now);
    return true;
  }
}
