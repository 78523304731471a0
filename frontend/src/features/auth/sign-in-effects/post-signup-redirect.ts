import type { KeyValueStorage } from '../../anonymous/browser-storage';

export const POST_SIGNUP_REDIRECT_KEY = 'post_signup_redirect';
export const POST_SIGNUP_METADATA_KEY = 'post_signup_metadata';
/** Spec section 9: the redirect follows the conversion event after 100 ms. */
export const POST_SIGNUP_REDIRECT_DELAY_MS = 100;

/** Where a visitor who was asked to sign up should land afterwards, and why they were asked. */
export interface SignupIntent {
  redirectTo: string;
  /** What prompted the sign-up, e.g. 'call_report_gate'. */
  source: string;
  metadata?: Record<string, unknown>;
}

interface StoredMetadata {
  source: string;
  metadata: Record<string, unknown>;
  timestamp: number;
}

/** The conversion-completed event's data (spec section 4). */
export interface ConversionCompleted {
  source: string;
  metadata: Record<string, unknown>;
  redirect_url: string;
  signup_completed_at: string;
  /** Milliseconds from the prompt to the finished sign-up. */
  time_to_conversion: number | null;
}

export function storeSignupIntent(storage: KeyValueStorage, intent: SignupIntent, now: number): void {
  const metadata: StoredMetadata = { source: intent.source, metadata: intent.metadata ?? {}, timestamp: now };
  try {
    storage.setItem(POST_SIGNUP_REDIRECT_KEY, intent.redirectTo);
    storage.setItem(POST_SIGNUP_METADATA_KEY, JSON.stringify(metadata));
  } catch {
    // Without storage the visitor simply stays where the sign-up ends.
  }
}

export function clearSignupIntent(storage: KeyValueStorage): void {
  try {
    storage.removeItem(POST_SIGNUP_REDIRECT_KEY);
    storage.removeItem(POST_SIGNUP_METADATA_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Reads and clears the stored redirect. Answers null when there is none; a value that cannot be read
 * is cleared and answers null too.
 */
export function takeSignupIntent(storage: KeyValueStorage, now: number): ConversionCompleted | null {
  let redirect: string | null;
  let raw: string | null;
  try {
    redirect = storage.getItem(POST_SIGNUP_REDIRECT_KEY);
    raw = storage.getItem(POST_SIGNUP_METADATA_KEY);
  } catch {
    return null;
  }
  if (!redirect || !raw) return null;
  clearSignupIntent(storage);
  try {
    const stored = JSON.parse(raw) as Partial<StoredMetadata>;
    if (typeof stored !== 'object' || stored === null || typeof stored.source !== 'string') throw new Error('No source');
    const timestamp = typeof stored.timestamp === 'number' ? stored.timestamp : null;
    return {
      source: stored.source,
      metadata: typeof stored.metadata === 'object' && stored.metadata !== null ? stored.metadata : {},
      redirect_url: redirect,
      signup_completed_at: new Date(now).toISOString(),
      time_to_conversion: timestamp === null ? null : Math.max(0, now - timestamp),
    };
  } catch (error) {
    console.error('The stored post-signup redirect could not be read', error);
    return null;
  }
}

/** A path of this app (`/calls`, `/call/x?y`), as opposed to another origin (`//host`, `https://...`). */
export const isInAppPath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

/** Only web addresses are loaded; anything else (`javascript:` and the like) is refused. */
export const isLoadableUrl = (url: string): boolean => /^https?:\/\//i.test(url);
