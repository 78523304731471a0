import type { AuthUser } from '../auth-context';
import { LOADING_SNAPSHOT, type SessionSnapshot, type SessionStore } from '../session/session-store';

/** The parts of a loaded hosted-provider client the session needs. */
export interface HostedSessionHandle {
  getToken(options?: { skipCache?: boolean }): Promise<string | null>;
  signOut(): Promise<void>;
}

/**
 * The session of the hosted provider (Clerk). Its React bridge, loaded on demand, feeds the state in;
 * the provider's session token is the bearer token for the API.
 */
export class ClerkSessionStore implements SessionStore {
  private snapshot: SessionSnapshot = LOADING_SNAPSHOT;
  private handle: HostedSessionHandle | null = null;
  private providerSignedIn = false;
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): SessionSnapshot {
    return this.snapshot;
  }

  attach(handle: HostedSessionHandle | null): void {
    this.handle = handle;
  }

  /** The provider has a session, before the API has named the user. */
  setProviderSignedIn(signedIn: boolean): void {
    this.providerSignedIn = signedIn;
  }

  isSignedIn(): boolean {
    return this.providerSignedIn && this.handle !== null;
  }

  update(next: SessionSnapshot): void {
    const current = this.snapshot;
    if (current.status === next.status && current.user === next.user && current.origin === next.origin) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  async getToken(): Promise<string | null> {
    if (!this.isSignedIn()) return null;
    return this.handle!.getToken().catch(() => null);
  }

  async refreshToken(): Promise<string | null> {
    if (!this.isSignedIn()) return null;
    return this.handle!.getToken({ skipCache: true }).catch(() => null);
  }

  async signOut(): Promise<void> {
    const handle = this.handle;
    this.forget();
    await handle?.signOut().catch(() => undefined);
  }

  replaceUser(user: AuthUser): void {
    if (this.snapshot.user) this.update({ ...this.snapshot, user });
  }

  forget(): void {
    this.providerSignedIn = false;
    this.update({ status: this.snapshot.status === 'loading' ? 'ready' : this.snapshot.status, user: null, origin: null });
  }
}
