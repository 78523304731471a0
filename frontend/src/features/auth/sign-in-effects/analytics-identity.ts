import type { KeyValueStorage } from '../../anonymous/browser-storage';
import type { ProductAnalytics, UserTraits } from '../../tracking/product-analytics';
import { funnelStep } from '../../tracking/product-events';
import type { AuthUser } from '../auth-context';
import type { SessionOrigin } from '../session/session-store';
import type { SignInKind } from './signup-detection';

const IDENTIFIED_USER_KEY = 'rc_analytics_user_id';

export type { UserTraits };

export interface IdentifyOptions {
  kind: SignInKind;
  /** 'email' for built-in accounts, the provider's name otherwise. */
  method: string;
}

/** User traits (spec section 7, "User traits"). */
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
 * Who analytics messages belong to. On sign-in the user is identified with their traits and the sign-up or
 * log-in event follows; the server ties them to the account from the request itself (its token), and the
 * visitor's earlier activity joins it when the visitor is linked. A sign-out resets; a different user
 * signing in resets first. The identified user is kept per browser so a page load of the same session is
 * not a new sign-in.
 */
export class AnalyticsIdentity {
  constructor(
    private readonly analytics: Pick<ProductAnalytics, 'track' | 'identify'>,
    private readonly storage: KeyValueStorage,
  ) {}

  identifiedUserId(): string | null {
    try {
      return this.storage.getItem(IDENTIFIED_USER_KEY);
    } catch {
      return null;
    }
  }

  /** Identify, then the sign-up (with its funnel step) or log-in event, in that order. */
  signedIn(user: AuthUser, options: IdentifyOptions): void {
    const previous = this.identifiedUserId();
    if (previous && previous !== user.id) this.reset();
    this.remember(user.id);
    this.identify(traitsOf(user, options));
    if (options.kind === 'signup') {
      this.analytics.track('User Signed Up', { method: options.method, userId: user.id });
      this.analytics.track('Funnel Step', funnelStep('sign-up'));
    } else {
      this.analytics.track('User Logged In', { method: options.method, userId: user.id });
    }
  }

  identify(traits: UserTraits): void {
    this.analytics.identify(traits);
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
}

/** A user appearing is a sign-in when it happened on this page, or analytics has not met this user yet. */
export function isNewSignIn(user: AuthUser, origin: SessionOrigin | null | undefined, identity: AnalyticsIdentity): boolean {
  return origin === 'sign-in' || origin === 'sign-up' || identity.identifiedUserId() !== user.id;
}
