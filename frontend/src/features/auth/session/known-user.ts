import type { KeyValueStorage } from '../../anonymous/browser-storage';
import type { AuthUser } from '../auth-context';

const KNOWN_USER_KEY = 'rc_known_user';

/**
 * Who was last signed in on this browser: name and e-mail only, never a token. It lets the app keep
 * showing the user while the API cannot be reached (the degraded state).
 */
export class KnownUser {
  constructor(private readonly storage: KeyValueStorage) {}

  read(): AuthUser | null {
    try {
      const raw = this.storage.getItem(KNOWN_USER_KEY);
      if (!raw) return null;
      const value = JSON.parse(raw) as Partial<AuthUser>;
      if (typeof value.id !== 'string' || typeof value.email !== 'string') return null;
      return { id: value.id, email: value.email, firstName: typeof value.firstName === 'string' ? value.firstName : '' };
    } catch {
      return null;
    }
  }

  remember(user: AuthUser): void {
    try {
      this.storage.setItem(KNOWN_USER_KEY, JSON.stringify({ id: user.id, email: user.email, firstName: user.firstName }));
    } catch {
      // Storage refused: the degraded state then shows the visitor as signed out.
    }
  }

  clear(): void {
    try {
      this.storage.removeItem(KNOWN_USER_KEY);
    } catch {
      // Nothing stored.
    }
  }
}
