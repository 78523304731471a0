import type { Clock, TimerHandle } from './clock';

interface PendingTimer {
  id: number;
  at: number;
  callback: () => void;
}

/** A clock that only moves when told to: timers fire, in order, during `advance`. */
export class ManualClock implements Clock {
  private current: number;
  private nextId = 1;
  private timers: PendingTimer[] = [];

  constructor(start: Date | number = 0) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, delayMs), callback };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimeout(handle: TimerHandle): void {
    const id = (handle as { id: number }).id;
    this.timers = this.timers.filter((timer) => timer.id !== id);
  }

  /** Moves time forward by `ms`, firing every timer that falls due (including ones they schedule). */
  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.at);
      due.callback();
    }
    this.current = until;
  }

  /** How many timers are waiting. */
  pending(): number {
    return this.timers.length;
  }
}
