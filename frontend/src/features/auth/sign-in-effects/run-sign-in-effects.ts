import type { ConversionAnalytics, LinkAnonymousResult, UsersApi } from '../../../api/users-api';
import type { KeyValueStorage } from '../../anonymous/browser-storage';
import type { AuthUser } from '../auth-context';
import type { SessionOrigin } from '../session/session-store';
import type { ProductAnalytics } from '../../tracking/product-analytics';
import { type AnalyticsIdentity, traitsOf } from './analytics-identity';
import { linkAnonymousProfile } from './link-anonymous-profile';
import { isInAppPath, isLoadableUrl, POST_SIGNUP_REDIRECT_DELAY_MS, takeSignupIntent } from './post-signup-redirect';
import { signInKindOf } from './signup-detection';

export const CONVERSION_COMPLETED_EVENT = 'conversion_completed' as const;

export interface SignInEffectsDeps {
  users: Pick<UsersApi, 'linkAnonymous' | 'conversionAnalytics'>;
  identity: AnalyticsIdentity;
  analytics: Pick<ProductAnalytics, 'track'>;
  storage: KeyValueStorage;
  /** The anonymous visitor id this browser had before signing in. */
  anonId(): string | null;
  /** 'email' for built-in accounts, the hosted provider's name otherwise. */
  method: string;
  navigateInApp(path: string): void;
  loadPage(url: string): void;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** The visitor's earlier searches and calls now belong to the account. */
  onLinked(result: LinkAnonymousResult): void;
}

/**
 * What follows a sign-in (spec section 4): analytics identify, treated as a sign-up when the
 * account is under 5 s old; after a sign-up the stored redirect; and 2 s later the link of the
 * anonymous visitor, retried up to 2 times.
 */
export async function runSignInEffects(
  user: AuthUser,
  origin: SessionOrigin | null | undefined,
  deps: SignInEffectsDeps,
  signal: AbortSignal,
): Promise<void> {
  const kind = signInKindOf(user, origin, deps.now());
  const anonId = deps.anonId();
  deps.identity.signedIn(user, { kind, method: deps.method });

  const redirect = kind === 'signup' ? redirectAfterSignup(deps, signal) : Promise.resolve();
  const link = anonId ? linkVisitor(user, anonId, kind, deps, signal) : Promise.resolve();
  await Promise.all([redirect, link]);
}

async function redirectAfterSignup(deps: SignInEffectsDeps, signal: AbortSignal): Promise<void> {
  const conversion = takeSignupIntent(deps.storage, deps.now());
  if (!conversion) return;
  deps.analytics.track(CONVERSION_COMPLETED_EVENT, { ...conversion });
  await deps.sleep(POST_SIGNUP_REDIRECT_DELAY_MS);
  if (signal.aborted) return;
  try {
    if (isInAppPath(conversion.redirect_url)) deps.navigateInApp(conversion.redirect_url);
    else if (isLoadableUrl(conversion.redirect_url)) deps.loadPage(conversion.redirect_url);
    else console.error('The post-signup redirect is not a web address', conversion.redirect_url);
  } catch (error) {
    console.error('The post-signup redirect failed', error);
  }
}

async function linkVisitor(
  user: AuthUser,
  anonId: string,
  kind: 'signup' | 'signin',
  deps: SignInEffectsDeps,
  signal: AbortSignal,
): Promise<void> {
  let result: LinkAnonymousResult | null;
  try {
    result = await linkAnonymousProfile({ anonId, source: kind, link: deps.users.linkAnonymous, sleep: deps.sleep, signal });
  } catch (error) {
    // Not worth interrupting the visitor for: the settings page offers linking by hand.
    console.warn('The anonymous visitor could not be linked to the account', error instanceof Error ? error.message : error);
    return;
  }
  if (!result || signal.aborted) return;
  deps.onLinked(result);
  if (kind !== 'signup') return;
  let conversion: ConversionAnalytics;
  try {
    conversion = await deps.users.conversionAnalytics();
  } catch {
    return;
  }
  if (signal.aborted) return;
  deps.identity.identify({
    ...traitsOf(user, { kind, method: deps.method }),
    time_to_conversion_hours: conversion.time_to_conversion_hours,
  });
}
