import { ApiError } from '../../../api/api-error';
import type { AuthApi, SessionAnswer, SignInInput, SignUpInput } from '../../../api/auth-api';
import type { AuthUser } from '../auth-context';
import type { KnownUser } from './known-user';
import { LOADING_SNAPSHOT, type SessionOrigin, type SessionSnapshot, type SessionStore } from './session-store';
import { browserHasSessionHint } from './session-hint';
import { userFromApi } from './user-from-api';

/** A token this close to expiry is refreshed before it is sent. */
const EXPIRY_MARGIN_MS = 30_000;
/** Waits between attempts to restore the session while the API cannot be reached. */
export const RESTORE_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface EmbeddedAuthSessionDeps {
  api: Pick<AuthApi, 'refresh' | 'signIn' | 'signUp' | 'signOut'>;
  knownUser: KnownUser;
  now?: () => number;
  /** Runs `run` after `ms`; answers a function that cancels it. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** Whether the browser holds the session hint cookie (see `session-hint.ts`). */
  hasSessionHint?: () => boolean;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** The server could not be asked (network failure, 5xx, or throttled): the answer is still unknown. */
const isUnreachable = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429;

/**
 * The session of a built-in account. The access token lives in memory only; the refresh token is an
 * httpOnly cookie, so `start()` restores the session after a page load by asking for a new token, when
 * the session hint cookie says there is one.
 * While the API cannot be reached the session is 'degraded' (a user was known here) or 'error'
 * (nobody was), and restoring is retried in the background.
 */
export class EmbeddedAuthSession implements SessionStore {
  private snapshot: SessionSnapshot = LOADING_SNAPSHOT;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<string | null> | null = null;
  private starting: Promise<void> | null = null;
  private retryAttempt = 0;
  private cancelRetry: (() => void) | null = null;
  private readonly now: () => number;
  private readonly schedule: (run: () => void, ms: number) => () => void;
  private readonly hasSessionHint: () => boolean;

  constructor(private readonly deps: EmbeddedAuthSessionDeps) {
    this.now = deps.now ?? Date.now;
    this.schedule = deps.schedule ?? defaultSchedule;
    this.hasSessionHint = deps.hasSessionHint ?? browserHasSessionHint;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): SessionSnapshot {
    return this.snapshot;
  }

  isSignedIn(): boolean {
    return this.snapshot.user !== null || this.token !== null;
  }

  /** Restores the session from the refresh cookie; runs once, later calls share the first run. */
  start(): Promise<void> {
    this.starting ??= this.restore();
    return this.starting;
  }

  /** Tries to restore at once when waiting for a retry (e.g. the browser came back online). */
  retryNow(): void {
    if (!this.cancelRetry) return;
    this.cancelRetry();
    this.cancelRetry = null;
    void this.restore();
  }

  async signIn(input: SignInInput): Promise<AuthUser> {
    return this.accept(await this.deps.api.signIn(input), 'sign-in');
  }

  async signUp(input: SignUpInput): Promise<AuthUser> {
    return this.accept(await this.deps.api.signUp(input), 'sign-up');
  }

  async signOut(): Promise<void> {
    const wasSignedIn = this.snapshot.user !== null || this.token !== null;
    this.forget();
    // The cookie is revoked on the server; signing out here does not wait for or depend on it.
    if (wasSignedIn) await this.deps.api.signOut().catch(() => undefined);
  }

  forget(): void {
    this.stopRetrying();
    this.token = null;
    this.deps.knownUser.clear();
    this.set({ status: 'ready', user: null, origin: null });
  }

  replaceUser(user: AuthUser): void {
    if (!this.snapshot.user) return;
    this.deps.knownUser.remember(user);
    this.set({ ...this.snapshot, user });
  }

  async getToken(): Promise<string | null> {
    if (this.token && this.token.expiresAt - this.now() > EXPIRY_MARGIN_MS) return this.token.value;
    if (!this.snapshot.user) return null;
    return this.refreshToken();
  }

  refreshToken(): Promise<string | null> {
    this.refreshing ??= this.requestNewToken().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async requestNewToken(): Promise<string | null> {
    try {
      const answer = await this.deps.api.refresh();
      this.accept(answer);
      return answer.access_token;
    } catch (error) {
      if (!isUnreachable(error)) this.forget();
      return null;
    }
  }

  private async restore(): Promise<void> {
    // Nothing to restore: no session hint, and nobody known here (a user known from before the hint
    // existed is asked for once; if the cookie is gone, the 401 forgets them).
    if (!this.hasSessionHint() && !this.deps.knownUser.read()) {
      this.set({ status: 'ready', user: null, origin: null });
      return;
    }
    try {
      this.accept(await this.deps.api.refresh());
    } catch (error) {
      if (!isUnreachable(error)) {
        this.forget();
        return;
      }
      const known = this.deps.knownUser.read();
      this.set(known ? { status: 'degraded', user: known, origin: 'restore' } : { status: 'error', user: null, origin: null });
      this.retryLater();
    }
  }

  private retryLater(): void {
    const delay = RESTORE_RETRY_DELAYS_MS[Math.min(this.retryAttempt, RESTORE_RETRY_DELAYS_MS.length - 1)];
    this.retryAttempt += 1;
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      void this.restore();
    }, delay);
  }

  private stopRetrying(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.retryAttempt = 0;
  }

  /** `origin` is given for a sign-in or sign-up; a refreshed token keeps the origin it had. */
  private accept(answer: SessionAnswer, origin?: SessionOrigin): AuthUser {
    this.stopRetrying();
    this.token = { value: answer.access_token, expiresAt: this.now() + answer.expires_in * 1000 };
    const current = this.snapshot;
    const user = userFromApi(answer.user);
    // A refreshed token for the same user changes nothing the app shows.
    if (!origin && current.status === 'ready' && current.user && sameUser(current.user, user)) return current.user;
    this.deps.knownUser.remember(user);
    const kept = current.user?.id === user.id ? current.origin : null;
    this.set({ status: 'ready', user, origin: origin ?? kept ?? 'restore' });
    return user;
  }

  private set(next: SessionSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

const sameUser = (a: AuthUser, b: AuthUser): boolean =>
  a.id === b.id &&
  a.email === b.email &&
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.createdAt === b.createdAt &&
  a.lastSignInAt === b.lastSignInAt;
