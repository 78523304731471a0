// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUsersApi, type LinkAnonymousResult } from '../../../api/users-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { createTestAnalytics } from '../../../test/test-analytics';
import { memoryStorage } from '../../anonymous/browser-storage';
import type { AuthUser } from '../auth-context';
import { AnalyticsIdentity, isNewSignIn } from './analytics-identity';
import { POST_SIGNUP_METADATA_KEY, POST_SIGNUP_REDIRECT_KEY, storeSignupIntent } from './post-signup-redirect';
import { runSignInEffects, type SignInEffectsDeps } from './run-sign-in-effects';
import { signInKindOf } from './signup-detection';

const NOW = Date.parse('2026-01-05T15:00:10.000Z');
const ANON_ID = 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';
const LINK = ['POST', '/api/users/link-anonymous/'] as const;

const user = (createdAt: string): AuthUser => ({
  id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  email: 'owner@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  createdAt,
  lastSignInAt: createdAt,
});
const OLD_ACCOUNT = user('2025-12-01T10:00:00.000Z');
const linked: LinkAnonymousResult = {
  anon_id: 'anon_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  success: true,
  already_linked: false,
  new_data_migrated: true,
  migration_stats: { total_objects: 3, business_discoveries: 2, calls: 1 },
  profiles_linked: 1,
  profiles_failed: 0,
  total_migration_stats: { total_objects: 3, business_discoveries: 2, calls: 1 },
};

function setUp(api: ApiStub, overrides: Partial<SignInEffectsDeps> = {}) {
  const client = api.client();
  const storage = memoryStorage();
  const { analytics } = createTestAnalytics(client);
  const identity = new AnalyticsIdentity(analytics, storage);
  const navigated: string[] = [];
  const loaded: string[] = [];
  const linkedResults: LinkAnonymousResult[] = [];
  const deps: SignInEffectsDeps = {
    users: createUsersApi(client),
    identity,
    analytics,
    storage,
    anonId: () => ANON_ID,
    method: 'email',
    navigateInApp: (path) => navigated.push(path),
    loadPage: (url) => loaded.push(url),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => NOW,
    onLinked: (result) => linkedResults.push(result),
    ...overrides,
  };
  return { deps, storage, identity, navigated, loaded, linkedResults };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('signInKindOf', () => {
  it('is a sign-up when the account was created under 5 s before, else a sign-in', () => {
    expect(signInKindOf(user('2026-01-05T15:00:05.001Z'), 'restore', NOW)).toBe('signup');
    expect(signInKindOf(user('2026-01-05T15:00:05.000Z'), 'restore', NOW)).toBe('signin');
    expect(signInKindOf(user('2026-01-05T15:00:05.000Z'), 'sign-in', NOW)).toBe('signin');
    expect(signInKindOf({ ...OLD_ACCOUNT, createdAt: null }, 'sign-in', NOW)).toBe('signin');
  });

  it('is a sign-up when this page created the account, whatever the clocks say', () => {
    expect(signInKindOf(OLD_ACCOUNT, 'sign-up', NOW)).toBe('signup');
  });
});

describe('runSignInEffects', () => {
  it('identifies the user with their traits and records User Logged In for an older account', async () => {
    const api = new ApiStub().on(...LINK, () => jsonResponse(200, linked));
    const { deps, identity } = setUp(api, { sleep: async () => undefined });

    await runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, new AbortController().signal);

    await vi.waitFor(() => expect(api.analyticsMessages()).toHaveLength(2));
    const [identify, loggedIn] = api.analyticsMessages();
    expect(identify).toMatchObject({
      type: 'identify',
      traits: { email: 'owner@example.com', firstName: 'Dana', lastName: 'Reyes', name: 'Dana Reyes', conversion_source: 'signin', signup_method: 'email' },
    });
    expect(loggedIn).toMatchObject({ type: 'track', event: 'User Logged In', properties: { method: 'email', userId: OLD_ACCOUNT.id } });
    expect(identity.identifiedUserId()).toBe(OLD_ACCOUNT.id);
    expect(api.requestsTo(...LINK)[0].body).toEqual({ anon_id: ANON_ID, conversion_source: 'signin' });
  });

  it('links the anonymous visitor 2 s after sign-in, retrying up to 2 times 2 s apart', async () => {
    vi.useFakeTimers();
    const api = new ApiStub().on(
      ...LINK,
      () => jsonResponse(503, { detail: 'Try again' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(200, linked),
    );
    const { deps, linkedResults } = setUp(api);

    const done = runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(api.requestsTo(...LINK)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.requestsTo(...LINK)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.requestsTo(...LINK)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await done;

    expect(api.requestsTo(...LINK)).toHaveLength(3);
    expect(linkedResults).toEqual([linked]);
  });

  it('gives up after the second retry without interrupting the user', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = new ApiStub().on(...LINK, () => jsonResponse(500, { detail: 'Down' }));
    const { deps, linkedResults } = setUp(api);

    const done = runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(10_000);
    await done;

    expect(api.requestsTo(...LINK)).toHaveLength(3);
    expect(linkedResults).toEqual([]);
    expect(warn).toHaveBeenCalledWith('The anonymous visitor could not be linked to the account', 'Down');
  });

  it('does not link once the user has left before the 2 s passed', async () => {
    vi.useFakeTimers();
    const api = new ApiStub().on(...LINK, () => jsonResponse(200, linked));
    const { deps } = setUp(api);
    const controller = new AbortController();

    const done = runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, controller.signal);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5_000);
    await done;

    expect(api.requestsTo(...LINK)).toHaveLength(0);
  });

  it('after a sign-up records conversion_completed, clears the stored redirect, then navigates in-app after 100 ms', async () => {
    vi.useFakeTimers();
    const api = new ApiStub()
      .on(...LINK, () => jsonResponse(200, linked))
      .on('GET', '/api/users/conversion-analytics/', () =>
        jsonResponse(200, { has_anonymous_data: true, total_visits_before_signup: 2, time_to_conversion_hours: 0.5 }),
      );
    const { deps, storage, navigated, loaded } = setUp(api);
    storeSignupIntent(storage, { redirectTo: '/call/call_1?tab=full', source: 'call_report_gate', metadata: { callId: 'call_1' } }, NOW - 60_000);

    const done = runSignInEffects(user('2026-01-05T15:00:08.000Z'), 'restore', deps, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(99);
    expect(api.analyticsMessages().map((message) => message.event ?? message.type)).toEqual([
      'identify',
      'User Signed Up',
      'Funnel Step',
      'conversion_completed',
    ]);
    expect(api.trackedEvents()[2].data).toEqual({
      source: 'call_report_gate',
      metadata: { callId: 'call_1' },
      redirect_url: '/call/call_1?tab=full',
      signup_completed_at: '2026-01-05T15:00:10.000Z',
      time_to_conversion: 60_000,
    });
    expect(storage.getItem(POST_SIGNUP_REDIRECT_KEY)).toBeNull();
    expect(storage.getItem(POST_SIGNUP_METADATA_KEY)).toBeNull();
    expect(navigated).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(navigated).toEqual(['/call/call_1?tab=full']);
    expect(loaded).toEqual([]);

    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(api.requestsTo(...LINK)[0].body).toEqual({ anon_id: ANON_ID, conversion_source: 'signup' });
    const identifies = api.analyticsMessages().filter((message) => message.type === 'identify');
    expect(identifies[1].traits).toMatchObject({ time_to_conversion_hours: 0.5, conversion_source: 'signup' });
    expect(api.trackedEvents()[1].data).toEqual({ stepName: 'sign-up', stepNumber: 4, funnelName: 'main' });
  });

  it('loads another address in full, and ignores one that is not a web address', async () => {
    const api = new ApiStub().on(...LINK, () => jsonResponse(200, linked));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, storage, navigated, loaded } = setUp(api, { sleep: async () => undefined, anonId: () => null });

    storeSignupIntent(storage, { redirectTo: 'https://billing.example.com/start', source: 'upgrade' }, NOW);
    await runSignInEffects(OLD_ACCOUNT, 'sign-up', deps, new AbortController().signal);
    storeSignupIntent(storage, { redirectTo: 'javascript:alert(1)', source: 'upgrade' }, NOW);
    await runSignInEffects(OLD_ACCOUNT, 'sign-up', deps, new AbortController().signal);

    expect(loaded).toEqual(['https://billing.example.com/start']);
    expect(navigated).toEqual([]);
    expect(error).toHaveBeenCalledWith('The post-signup redirect is not a web address', 'javascript:alert(1)');
  });

  it('clears stored values it cannot read, and does not redirect', async () => {
    const api = new ApiStub();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, storage, navigated } = setUp(api, { sleep: async () => undefined, anonId: () => null });
    storage.setItem(POST_SIGNUP_REDIRECT_KEY, '/calls');
    storage.setItem(POST_SIGNUP_METADATA_KEY, '{not json');

    await runSignInEffects(OLD_ACCOUNT, 'sign-up', deps, new AbortController().signal);

    expect(navigated).toEqual([]);
    expect(storage.getItem(POST_SIGNUP_REDIRECT_KEY)).toBeNull();
    expect(storage.getItem(POST_SIGNUP_METADATA_KEY)).toBeNull();
    expect(api.trackedEvents().map((event) => event.name)).not.toContain('conversion_completed');
  });

  it('does not redirect after a plain sign-in, leaving a stored redirect for a later sign-up', async () => {
    const api = new ApiStub();
    const { deps, storage, navigated } = setUp(api, { sleep: async () => undefined, anonId: () => null });
    storeSignupIntent(storage, { redirectTo: '/calls', source: 'header' }, NOW);

    await runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, new AbortController().signal);

    expect(navigated).toEqual([]);
    expect(storage.getItem(POST_SIGNUP_REDIRECT_KEY)).toBe('/calls');
  });

  it('resets the identity first when a different user signs in', async () => {
    const api = new ApiStub();
    const { deps, identity } = setUp(api, { sleep: async () => undefined, anonId: () => null });
    await runSignInEffects(OLD_ACCOUNT, 'sign-in', deps, new AbortController().signal);
    const reset = vi.spyOn(identity, 'reset');

    const other = { ...OLD_ACCOUNT, id: 'user_other' };
    expect(isNewSignIn(other, 'restore', identity)).toBe(true);
    await runSignInEffects(other, 'restore', deps, new AbortController().signal);

    expect(reset).toHaveBeenCalledTimes(1);
    expect(identity.identifiedUserId()).toBe('user_other');
  });

  it('treats a page load of the identified user as no new sign-in, and one after a reset as new', () => {
    const { identity, storage } = setUp(new ApiStub());
    storage.setItem('rc_analytics_user_id', OLD_ACCOUNT.id);

    expect(isNewSignIn(OLD_ACCOUNT, 'restore', identity)).toBe(false);
    expect(isNewSignIn(OLD_ACCOUNT, 'sign-in', identity)).toBe(true);
    identity.reset();
    expect(isNewSignIn(OLD_ACCOUNT, 'restore', identity)).toBe(true);
  });
});
