import type { CallProgress } from '../../ports/telephony';
import type { Clock, TimerHandle } from './clock';
import type { CallScript } from './call-script';
import { truncateCallScript } from './truncate-call-script';

export interface CallPlaybackOptions {
  clock: Clock;
  /** Real time per call-clock time: 1 plays in real time, 0.001 a thousand times faster. */
  timeScale: number;
  onProgress: (progress: CallProgress) => void;
  /** Renders the recording of an answered call once it has ended. */
  record: (script: CallScript) => Promise<{ wav: Buffer | null; note: string | null }>;
}

/**
 * Plays a call script on a clock: each report at its call-clock time times the time scale, then
 * the recording of an answered call. `hangUp` cuts the call at the current moment.
 */
export class CallPlayback {
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  private startedAt = 0;
  private emitted = 0;
  private timer: TimerHandle | null = null;
  private done = false;

  constructor(
    private script: CallScript,
    private readonly options: CallPlaybackOptions,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
  }

  start(): void {
    this.startedAt = this.options.clock.now();
    this.schedule();
  }

  /** Ends the call now; an answered call reports 'completed' by the caller and still gets its recording. */
  async hangUp(): Promise<void> {
    if (this.done) return this.finished;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    // A report may run ahead of the real clock by up to a millisecond, which is 1/timeScale call-clock
    // ms: the call never ends before what was already reported.
    const reportedMs = this.script.events[this.emitted - 1]?.atMs ?? 0;
    const nowMs = Math.max(reportedMs, Math.round((this.options.clock.now() - this.startedAt) / this.options.timeScale));
    if (nowMs < this.script.durationMs) this.script = truncateCallScript(this.script, nowMs);
    this.flush(this.script.events.length);
    await this.end();
  }

  private schedule(): void {
    if (this.done) return;
    const next = this.script.events[this.emitted];
    if (!next) {
      void this.end();
      return;
    }
    const dueAt = this.startedAt + next.atMs * this.options.timeScale;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      const elapsedMs = (this.options.clock.now() - this.startedAt) / this.options.timeScale;
      let upTo = this.emitted;
      while (upTo < this.script.events.length && this.script.events[upTo]!.atMs <= elapsedMs + 0.5) upTo += 1;
      this.flush(Math.max(upTo, this.emitted + 1));
      this.schedule();
    }, dueAt - this.options.clock.now());
  }

  private flush(upTo: number): void {
    while (this.emitted < upTo) {
      const event = this.script.events[this.emitted]!;
      this.emitted += 1;
      this.report(event);
    }
  }

  private async end(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      if (this.script.answeredAtMs !== null && this.script.answeredAtMs <= this.script.durationMs) {
        const recording = await this.options.record(this.script).catch((error: Error) => ({ wav: null, note: `The recording could not be made: ${error.message}` }));
        this.report({ kind: 'recording', atMs: this.script.durationMs, wav: recording.wav, note: recording.note });
      }
    } finally {
      this.resolveFinished();
    }
  }

  private report(progress: CallProgress): void {
    try {
      this.options.onProgress(progress);
    } catch {
      // A failing listener must not stop the call.
    }
  }
}
