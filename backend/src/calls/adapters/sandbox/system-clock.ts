import type { Clock, TimerHandle } from './clock';

/** The real clock and Node's timers. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    return setTimeout(callback, Math.max(0, delayMs));
  }

  clearTimeout(handle: TimerHandle): void {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  }
}
