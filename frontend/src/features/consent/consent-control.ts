import type { ConsentChoice, ConsentStore } from './consent-store';

export interface ConsentControlDeps {
  store: ConsentStore;
  /** Records the choice for this visitor on the server (`POST /api/analytics/gdpr-consent/`). */
  record(consent: boolean): Promise<unknown>;
  /** Runs when consent is granted: what waited for it (the device fingerprint) starts. */
  onGranted?(): void;
  logger?: Pick<Console, 'warn'>;
}

/** The visitor's consent as the app changes it: remembered in the browser first, then told to the server. */
export class ConsentControl {
  private reviewing = false;
  private readonly reviewListeners = new Set<() => void>();

  constructor(private readonly deps: ConsentControlDeps) {}

  readonly get = (): ConsentChoice => this.deps.store.get();

  readonly subscribe = (listener: () => void): (() => void) => this.deps.store.subscribe(listener);

  /** Whether the visitor asked to see their choice again (the footer's "Privacy choices"). */
  readonly isReviewing = (): boolean => this.reviewing;

  readonly subscribeReview = (listener: () => void): (() => void) => {
    this.reviewListeners.add(listener);
    return () => this.reviewListeners.delete(listener);
  };

  review(open = true): void {
    if (this.reviewing === open) return;
    this.reviewing = open;
    for (const listener of [...this.reviewListeners]) listener();
  }

  async choose(consent: boolean): Promise<void> {
    this.review(false);
    this.deps.store.set(consent);
    if (consent) this.deps.onGranted?.();
    try {
      await this.deps.record(consent);
    } catch (error) {
      // The browser keeps the choice and holds to it; the server learns it on the next visit's track-user.
      (this.deps.logger ?? console).warn('The consent choice could not be recorded on the server', error instanceof Error ? error.message : error);
    }
  }
}
