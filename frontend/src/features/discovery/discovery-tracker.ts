import {
  DISCOVERY_MAX_POLL_DURATION_MS,
  DISCOVERY_MAX_POLLS,
  DISCOVERY_POLL_INTERVAL_MS,
  discoveryRoom,
} from './discovery-constants';
import type { Discovery, DiscoveryWithResults } from './discovery-types';

export interface DiscoveryTrackerDeps {
  fetchStatus(id: string): Promise<Discovery>;
  fetchResults(id: string): Promise<DiscoveryWithResults>;
  /** Follows a realtime room; each message is a signal to check the status again. Returns the unsubscribe. */
  subscribe(room: string, onSignal: () => void): () => void;
  now?: () => number;
}

export interface DiscoveryTrackerEvents {
  completed(discovery: DiscoveryWithResults): void;
  failed(discovery: Discovery): void;
  /** The polling limit was reached; realtime updates are still followed. */
  stillProcessing(): void;
  /** A poll failed; polling stopped, realtime updates are still followed. */
  pollError(error: unknown): void;
  resultsError(error: unknown): void;
}

type Phase = 'idle' | 'watching' | 'fetching-results';

/**
 * Follows one discovery until it completes or fails (spec section 4): realtime messages first,
 * polling every 3 s as the fallback, at most 20 polls or 90 s. Completed leads to fetching the results.
 */
export class DiscoveryTracker {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: (() => void) | null = null;
  private polls = 0;
  private startedAt = 0;
  private phase: Phase = 'idle';
  /** Bumped by start and stop, so answers to an earlier run are ignored. */
  private run = 0;
  private readonly now: () => number;

  constructor(
    private readonly deps: DiscoveryTrackerDeps,
    private readonly events: DiscoveryTrackerEvents,
  ) {
    this.now = deps.now ?? Date.now;
  }

  get pollCount(): number {
    return this.polls;
  }

  get isActive(): boolean {
    return this.phase !== 'idle';
  }

  /** Follows `discovery` as the creation answered it; a final status is handled at once. */
  start(discovery: Discovery): void {
    this.stop();
    const run = this.run;
    this.phase = 'watching';
    this.polls = 0;
    this.startedAt = this.now();
    if (this.settle(discovery, run)) return;
    this.unsubscribe = this.deps.subscribe(discoveryRoom(discovery.id), () => void this.check(discovery.id, run));
    this.schedulePoll(discovery.id, run);
  }

  /** Cancels polling and the realtime subscription; nothing is reported afterwards. */
  stop(): void {
    this.run += 1;
    this.phase = 'idle';
    this.release();
  }

  private watching(run: number): boolean {
    return run === this.run && this.phase === 'watching';
  }

  private release(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private schedulePoll(id: string, run: number): void {
    this.timer = setTimeout(() => void this.poll(id, run), DISCOVERY_POLL_INTERVAL_MS);
  }

  private async poll(id: string, run: number): Promise<void> {
    this.timer = null;
    if (!this.watching(run)) return;
    this.polls += 1;
    let discovery: Discovery;
    try {
      discovery = await this.deps.fetchStatus(id);
    } catch (error) {
      if (this.watching(run)) this.events.pollError(error);
      return;
    }
    if (!this.watching(run) || this.settle(discovery, run)) return;
    if (this.polls >= DISCOVERY_MAX_POLLS || this.now() - this.startedAt >= DISCOVERY_MAX_POLL_DURATION_MS) {
      this.events.stillProcessing();
      return;
    }
    this.schedulePoll(id, run);
  }

  /** A realtime signal: look again. A failed look is left to polling. */
  private async check(id: string, run: number): Promise<void> {
    if (!this.watching(run)) return;
    try {
      const discovery = await this.deps.fetchStatus(id);
      if (this.watching(run)) this.settle(discovery, run);
    } catch {
      // Polling covers a missed update.
    }
  }

  /** Handles a final status and answers true; answers false while the discovery is still running. */
  private settle(discovery: Discovery, run: number): boolean {
    if (discovery.status === 'completed') {
      this.release();
      this.phase = 'fetching-results';
      void this.loadResults(discovery.id, run);
      return true;
    }
    if (discovery.status === 'failed') {
      this.release();
      this.phase = 'idle';
      this.events.failed(discovery);
      return true;
    }
    return false;
  }

  private async loadResults(id: string, run: number): Promise<void> {
    const current = () => run === this.run && this.phase === 'fetching-results';
    try {
      const discovery = await this.deps.fetchResults(id);
      if (!current()) return;
      this.phase = 'idle';
      this.events.completed(discovery);
    } catch (error) {
      if (!current()) return;
      this.phase = 'idle';
      this.events.resultsError(error);
    }
  }
}
