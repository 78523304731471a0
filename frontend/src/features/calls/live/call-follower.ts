import { ApiError, RateLimitError } from '../../../api/api-error';
import type { Call } from '../../../api/calls-api';
import {
  ACCESS_RECHECK_ATTEMPTS,
  ACCESS_RECHECK_INTERVAL_MS,
  CALL_MAX_POLL_RETRIES,
  CALL_POLL_INTERVAL_MS,
  CALL_RATE_LIMITED_DELAY_MS,
  callRoom,
} from '../call-constants';
import { CALL_MESSAGES } from '../call-messages';
import { asCallDocument, hasFinalStatus, isNotOlder, isSettled } from '../call-state';

export interface CallFollowerDeps {
  fetchCall(id: string): Promise<Call>;
  /** Follows a realtime room; each message's document is a view of the call. Returns the unsubscribe. */
  subscribe(room: string, onDocument: (document: unknown) => void): () => void;
  now?: () => number;
}

export interface CallFollowerEvents {
  /** A newer view of the call. */
  update(call: Call): void;
  /** The first load was refused: the call does not exist, or is not the visitor's to see. */
  loadFailed(error: unknown): void;
  /** Following stopped for good; the message says why. */
  gaveUp(message: string): void;
}

const rateLimitDelay = (error: RateLimitError) =>
  Math.max(CALL_RATE_LIMITED_DELAY_MS, (error.retryAfter ?? 0) * 1000);

/**
 * Follows one call until it settles (spec section 4): realtime updates on `call:<id>` first, polling
 * every 5 s as the fallback whenever the room has been quiet for a whole interval. A 429 waits longer;
 * a 404 once the status is final stops; 10 consecutive failed polls give up.
 */
export class CallFollower {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribe: (() => void) | null = null;
  private current: Call | null = null;
  private callId = '';
  private failures = 0;
  private lastRealtimeAt = Number.NEGATIVE_INFINITY;
  private active = false;
  /** Bumped by start and stop, so answers to an earlier run are ignored. */
  private run = 0;
  private recheckRun = 0;
  private readonly now: () => number;

  constructor(
    private readonly deps: CallFollowerDeps,
    private readonly events: CallFollowerEvents,
  ) {
    this.now = deps.now ?? Date.now;
  }

  get call(): Call | null {
    return this.current;
  }

  get isFollowing(): boolean {
    return this.active;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Loads the call and follows it until it settles. */
  start(callId: string): void {
    this.stop();
    const id = callId.trim();
    if (!id) {
      this.events.gaveUp(CALL_MESSAGES.idMissingForPolling);
      return;
    }
    const run = this.run;
    this.callId = id;
    this.current = null;
    this.failures = 0;
    this.lastRealtimeAt = Number.NEGATIVE_INFINITY;
    this.active = true;
    this.unsubscribe = this.deps.subscribe(callRoom(id), (document) => this.onDocument(document, run));
    void this.load(run);
  }

  /** Stops polling, the realtime subscription and any access re-check; nothing is reported afterwards. */
  stop(): void {
    this.run += 1;
    this.recheckRun += 1;
    this.active = false;
    this.release();
  }

  /** An answer obtained elsewhere (cancel answers the call). */
  accept(call: Call): void {
    if (call.id === this.callId) this.apply(call, false);
  }

  /**
   * Looks again now, whatever the polling state; the answer replaces the shown call even when it says
   * less (after sign-out the visitor sees the preview again). Failures are left to polling.
   */
  async refresh(): Promise<void> {
    const id = this.callId;
    if (!id) return;
    const run = this.run;
    try {
      const call = await this.deps.fetchCall(id);
      if (run === this.run) this.apply(call, true);
    } catch {
      // Polling, or the next refresh, covers it.
    }
  }

  /**
   * After sign-in the anonymous profile is linked a little later: look again every 2 s, up to 5 times,
   * until the call shows in full.
   */
  async recheckAccess(): Promise<void> {
    const token = ++this.recheckRun;
    for (let attempt = 0; attempt < ACCESS_RECHECK_ATTEMPTS; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, ACCESS_RECHECK_INTERVAL_MS));
      if (token !== this.recheckRun) return;
      await this.refresh();
      if (token !== this.recheckRun || this.current?.access === 'full') return;
    }
  }

  private release(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private following(run: number): boolean {
    return run === this.run && this.active;
  }

  private schedule(run: number, delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll(run);
    }, delayMs);
  }

  private async load(run: number): Promise<void> {
    try {
      const call = await this.deps.fetchCall(this.callId);
      if (!this.following(run)) return;
      this.apply(call, false);
      if (this.following(run)) this.schedule(run, CALL_POLL_INTERVAL_MS);
    } catch (error) {
      if (!this.following(run)) return;
      if (error instanceof RateLimitError) {
        this.schedule(run, rateLimitDelay(error));
        return;
      }
      // A realtime update may already have shown the call: then polling carries on.
      if (this.current) {
        this.failed(run);
        return;
      }
      this.stop();
      this.events.loadFailed(error);
    }
  }

  private async poll(run: number): Promise<void> {
    if (!this.following(run)) return;
    const quietFor = this.now() - this.lastRealtimeAt;
    if (this.current && quietFor < CALL_POLL_INTERVAL_MS) {
      this.schedule(run, CALL_POLL_INTERVAL_MS - quietFor);
      return;
    }
    try {
      const call = await this.deps.fetchCall(this.callId);
      if (!this.following(run)) return;
      this.failures = 0;
      this.apply(call, false);
      if (this.following(run)) this.schedule(run, CALL_POLL_INTERVAL_MS);
    } catch (error) {
      if (!this.following(run)) return;
      if (error instanceof RateLimitError) {
        this.schedule(run, rateLimitDelay(error));
      } else if (error instanceof ApiError && error.status === 404 && this.current && hasFinalStatus(this.current)) {
        this.active = false;
        this.release();
      } else {
        this.failed(run);
      }
    }
  }

  private failed(run: number): void {
    this.failures += 1;
    if (this.failures < CALL_MAX_POLL_RETRIES) {
      this.schedule(run, CALL_POLL_INTERVAL_MS);
      return;
    }
    const message =
      this.current && !hasFinalStatus(this.current) ? CALL_MESSAGES.finalStatusUnknown : CALL_MESSAGES.callDataUnavailable;
    this.active = false;
    this.release();
    this.events.gaveUp(message);
  }

  private onDocument(document: unknown, run: number): void {
    if (run !== this.run) return;
    const call = asCallDocument(document, this.callId);
    if (!call) return;
    this.lastRealtimeAt = this.now();
    // This connection was opened before sign-in: its preview is a cue to read the owner's view.
    if (call.access === 'preview' && this.current?.access === 'full') {
      void this.refreshWhileFollowing(run);
      return;
    }
    this.apply(call, false);
  }

  private async refreshWhileFollowing(run: number): Promise<void> {
    try {
      const call = await this.deps.fetchCall(this.callId);
      if (run === this.run) this.apply(call, false);
    } catch {
      // Polling covers it.
    }
  }

  private apply(call: Call, force: boolean): void {
    if (!force && !isNotOlder(call, this.current)) return;
    // Socket previews do not say whose call it is: keep what the API said.
    if (call.viewer_is_owner === undefined && this.current?.viewer_is_owner !== undefined && this.current.id === call.id) {
      call = { ...call, viewer_is_owner: this.current.viewer_is_owner };
    }
    this.current = call;
    this.events.update(call);
    if (this.active && isSettled(call)) {
      this.active = false;
      this.release();
    }
  }
}
