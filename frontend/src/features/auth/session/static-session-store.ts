import type { SessionSnapshot, SessionStore } from './session-store';

/** A session that only reports a state: while the sign-in configuration loads, or when it cannot. */
export class StaticSessionStore implements SessionStore {
  constructor(private readonly snapshot: SessionSnapshot) {}

  subscribe(): () => void {
    return () => undefined;
  }

  getSnapshot(): SessionSnapshot {
    return this.snapshot;
  }

  isSignedIn(): boolean {
    return false;
  }

  async getToken(): Promise<string | null> {
    return null;
  }

  async refreshToken(): Promise<string | null> {
    return null;
  }

  async signOut(): Promise<void> {}

  replaceUser(): void {}

  forget(): void {}
}
