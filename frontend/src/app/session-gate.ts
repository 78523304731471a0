import type { AuthState } from '../features/auth/auth-context';

/**
 * The session as route guards see it. Restoring a session (from the refresh cookie, or the hosted
 * provider) takes a request, so guards wait here until it is known.
 */
export class SessionGate {
  private state: AuthState | null = null;
  private waiting: Array<(auth: AuthState) => void> = [];

  publish(auth: AuthState): void {
    this.state = auth;
    if (auth.status === 'loading') return;
    for (const resolve of this.waiting.splice(0)) resolve(auth);
  }

  /** The session now; null until it is first told. */
  current(): AuthState | null {
    return this.state;
  }

  /** The session once it has loaded (ready, degraded or in error). */
  known(): Promise<AuthState> {
    const { state } = this;
    if (state && state.status !== 'loading') return Promise.resolve(state);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
