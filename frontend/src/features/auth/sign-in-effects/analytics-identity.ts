import type { TrackEventPayload } from '../../../api/analytics-api';
import type { KeyValueStorage } from '../../anonymous/browser-storage';
import type { AuthUser } from '../auth-context';
import type { SignInKind } from './signup-detection';

const IDENTIFIED_USER_KEY = 'rc_analytics_user_id';

export type TrackFn = (payload: TrackEventPayload) => Promise<unknown>;

export interface IdentifyOptions {
  kind: SignInKind;
  /** 'email' for built-in accounts, the provider's name otherwise. */
  method: string;
  anonId: string | null;
}

/** Traits the analytics identity carries (spec section 7, "User traits"). */
export type UserTraits = Record<string, string | number | boolean | null>;

export function traitsOf(user: AuthUser, options: Pick<IdentifyOptions, 'kind' | 'method'>): UserTraits {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return {
    email: user.email,
    firstName: user.firstName || null,
    lastName: user.lastName || null,
    name: name || null,
    createdAt: user.createdAt ?? null,
    lastSignInAt: user.lastSignInAt ?? null,
    conversion_source: options.kind,
    signup_method: options.method,
  };
}

/**
 * Who analytics events belong to. On sign-in the visitor id is aliased to the user and the user
 * identified; a sign-out resets it; a different user signing in resets first. The identified user is
 * kept per browser so a page load of the same session is not a new sign-in.
 */
export class AnalyticsIdentity {
  constructor(
    private readonly track: TrackFn,
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  identifiedUserId(): string | null {
    try {
      return this.storage.getItem(IDENTIFIED_USER_KEY);
    } catch {
      return null;
    }
  }

  /** Alias, identify and the sign-up or log-in event, in that order. */
  async signedIn(user: AuthUser, options: IdentifyOptions): Promise<void> {
    const previous = this.identifiedUserId();
    if (previous && previous !== user.id) this.reset();
    this.remember(user.id);
    await this.send('alias', 'alias', { previousId: options.anonId, userId: user.id });
    await this.identify(user.id, traitsOf(user, options));
    const event = options.kind === 'signup' ? 'User Signed Up' : 'User Logged In';
    await this.send('track', event, { method: options.method, userId: user.id });
  }

  identify(userId: string, traits: UserTraits): Promise<void> {
    return this.send('identify', 'identify', { userId, traits });
  }

  trackEvent(name: string, data: Record<string, unknown>): Promise<void> {
    return this.send('track', name, data);
  }

  reset(): void {
    try {
      this.storage.removeItem(IDENTIFIED_USER_KEY);
    } catch {
      // Nothing stored.
    }
  }

  private remember(userId: string): void {
    try {
      this.storage.setItem(IDENTIFIED_USER_KEY, userId);
    } catch {
      // The next page load then identifies again, which is harmless.
    }
  }

  /** Analytics delivery failures are logged and ignored (spec section 8). */
  private async send(type: string, name: string, data: Record<string, unknown>): Promise<void> {
    try {
      await this.track({
        event_type: type,
        event_name: name,
        event_data: data,
        url: typeof window === 'undefined' ? undefined : window.location.href,
        timestamp: new Date(this.now()).toISOString(),
      });
    } catch (error) {
      console.warn(`Analytics ${name} could not be recorded`, error instanceof Error ? error.message : error);
    }
  }
}
