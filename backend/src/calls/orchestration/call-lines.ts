/** Calls in flight at once on a carrier unless CALLS_IN_FLIGHT_MAX says otherwise; the sandbox has no cap. */
export const CARRIER_CALLS_IN_FLIGHT = 10;

export function callsInFlightMax(configured: number | undefined, telephony: { adapterName: string }): number {
  return configured ?? (telephony.adapterName === 'sandbox' ? Number.POSITIVE_INFINITY : CARRIER_CALLS_IN_FLIGHT);
}

/**
 * Phone lines shared by the calls being placed: at most `capacity` calls hold one at a time; the others
 * wait their turn, first come first placed, and are placed as lines free up.
 */
export class CallLines {
  private readonly holding = new Set<string>();
  private readonly waiting = new Map<string, () => void>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('A call needs at least one line');
  }

  get inUse(): number {
    return this.holding.size;
  }

  isWaiting(callId: string): boolean {
    return this.waiting.has(callId);
  }

  /** Runs `place` once the call holds a line: now if one is free, else when its turn comes. */
  enter(callId: string, place: () => void): void {
    if (this.holding.has(callId) || this.waiting.has(callId)) return;
    if (this.holding.size < this.capacity) {
      this.holding.add(callId);
      place();
    } else {
      this.waiting.set(callId, place);
    }
  }

  /** Gives up the call's line or its place in the queue (either may be gone already), then lets the next call in. */
  leave(callId: string): void {
    this.waiting.delete(callId);
    if (!this.holding.delete(callId)) return;
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [nextId, place] = next.value;
    this.waiting.delete(nextId);
    this.holding.add(nextId);
    place();
  }
}
