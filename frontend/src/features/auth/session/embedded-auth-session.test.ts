// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAuthApi, type SessionAnswer } from '../../../api/auth-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { memoryStorage } from '../../anonymous/browser-storage';
import { EmbeddedAuthSession } from './embedded-auth-session';
import { KnownUser } from './known-user';

const USER_ID = 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

const answer = (token: string, overrides: Partial<SessionAnswer['user']> = {}): SessionAnswer => ({
  user: {
    id: USER_ID,
    email: 'owner@example.com',
    first_name: 'Dana',
    last_name: 'Reyes',
    created_at: '2026-01-05T15:00:00.000Z',
    last_sign_in_at: '2026-01-05T15:00:00.000Z',
    provider: 'embedded',
    roles: [],
    ...overrides,
  },
  access_token: token,
  token_type: 'Bearer',
  expires_in: 900,
});

const REFRESH = ['POST', '/api/auth/refresh/'] as const;

/** `hint`: whether the browser holds the session hint cookie (by default it does). */
function setUp(api: ApiStub, options: { knownUser?: boolean; hint?: boolean } = {}) {
  const storage = memoryStorage();
  const knownUser = new KnownUser(storage);
  if (options.knownUser) knownUser.remember({ id: USER_ID, email: 'owner@example.com', firstName: 'Dana' });
  let clock = Date.parse('2026-01-05T15:00:00.000Z');
  const scheduled: Array<{ run: () => void; ms: number }> = [];
  const session = new EmbeddedAuthSession({
    api: createAuthApi(api.client()),
    knownUser,
    hasSessionHint: () => options.hint ?? true,
    now: () => clock,
    schedule: (run, ms) => {
      const entry = {
        ms,
        run: () => {
          remove();
          run();
        },
      };
      const remove = () => {
        if (scheduled.includes(entry)) scheduled.splice(scheduled.indexOf(entry), 1);
      };
      scheduled.push(entry);
      return remove;
    },
  });
  return {
    session,
    knownUser,
    scheduled,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('EmbeddedAuthSession', () => {
  it('restores nothing, asking nothing, for a visitor without the session hint and nobody known here', async () => {
    const api = new ApiStub();
    const { session } = setUp(api, { hint: false });
    await session.start();
    expect(session.getSnapshot()).toEqual({ status: 'ready', user: null, origin: null });
    expect(api.calls()).toEqual([]);
    expect(await session.getToken()).toBeNull();
    expect(api.calls()).toEqual([]);
  });

  it('asks once for a user known here from before the hint, and forgets them when the cookie is gone', async () => {
    const api = new ApiStub().on(...REFRESH, () => jsonResponse(401, { error: 'refresh_token_missing' }));
    const { session, knownUser } = setUp(api, { hint: false, knownUser: true });
    await session.start();
    expect(api.calls()).toEqual(['POST /api/auth/refresh/']);
    expect(session.getSnapshot()).toEqual({ status: 'ready', user: null, origin: null });
    expect(knownUser.read()).toBeNull();
  });

  it('is loading until the refresh cookie answers, then restores the user with an in-memory token', async () => {
    let release!: () => void;
    const api = new ApiStub().on(...REFRESH, () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, answer('access-1'))))));
    const { session, knownUser } = setUp(api);

    const started = session.start();
    expect(session.getSnapshot()).toEqual({ status: 'loading', user: null, origin: null });
    await expect.poll(() => typeof release).toBe('function');
    release();
    await started;

    expect(session.getSnapshot()).toMatchObject({
      status: 'ready',
      origin: 'restore',
      user: { id: USER_ID, email: 'owner@example.com', firstName: 'Dana', lastName: 'Reyes', createdAt: '2026-01-05T15:00:00.000Z' },
    });
    await expect(session.getToken()).resolves.toBe('access-1');
    expect(api.calls()).toEqual(['POST /api/auth/refresh/']);
    expect(knownUser.read()).toMatchObject({ id: USER_ID, firstName: 'Dana' });
  });

  it('is a signed-out visitor when there is no session to restore', async () => {
    const api = new ApiStub().on(...REFRESH, () => jsonResponse(401, { error: 'refresh_token_missing' }));
    const { session, knownUser } = setUp(api, { knownUser: true });

    await session.start();

    expect(session.getSnapshot()).toEqual({ status: 'ready', user: null, origin: null });
    await expect(session.getToken()).resolves.toBeNull();
    expect(knownUser.read()).toBeNull();
  });

  it('is degraded with the known user while the API is unreachable, and recovers on a later attempt', async () => {
    const api = new ApiStub().on(
      ...REFRESH,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(503, { error: 'unavailable' }),
      () => jsonResponse(503, { error: 'unavailable' }),
      () => jsonResponse(200, answer('access-2')),
    );
    const { session, scheduled } = setUp(api, { knownUser: true });

    await session.start();
    expect(session.getSnapshot()).toMatchObject({ status: 'degraded', user: { id: USER_ID, firstName: 'Dana' } });
    // An API call meanwhile tries for a token too, and gets none.
    await expect(session.getToken()).resolves.toBeNull();
    expect(session.getSnapshot().status).toBe('degraded');
    expect(scheduled.map((entry) => entry.ms)).toEqual([2_000]);

    scheduled[0].run();
    await expect.poll(() => scheduled.map((entry) => entry.ms)).toEqual([5_000]);
    expect(session.getSnapshot().status).toBe('degraded');

    scheduled[0].run();
    await expect.poll(() => session.getSnapshot().status).toBe('ready');
    await expect(session.getToken()).resolves.toBe('access-2');
    expect(scheduled).toEqual([]);
  });

  it('is in error when the API is unreachable and nobody was known here', async () => {
    const api = new ApiStub().on(...REFRESH, () => Promise.reject(new TypeError('Failed to fetch')));
    const { session, scheduled } = setUp(api);

    await session.start();

    expect(session.getSnapshot()).toEqual({ status: 'error', user: null, origin: null });
    expect(scheduled).toHaveLength(1);
  });

  it('signs in and signs up, remembering how the user arrived', async () => {
    const api = new ApiStub()
      .on(...REFRESH, () => jsonResponse(401, { error: 'refresh_token_missing' }))
      .on('POST', '/api/auth/sign-in/', () => jsonResponse(200, answer('access-in')))
      .on('POST', '/api/auth/sign-up/', () => jsonResponse(201, answer('access-up', { id: 'user_new' })));
    const { session } = setUp(api);
    await session.start();

    await session.signIn({ email: 'owner@example.com', password: 'correct horse battery' });
    expect(session.getSnapshot()).toMatchObject({ status: 'ready', origin: 'sign-in', user: { id: USER_ID } });
    await expect(session.getToken()).resolves.toBe('access-in');

    await session.signOut();
    await session.signUp({ email: 'new@example.com', password: 'correct horse battery', first_name: 'Sam' });
    expect(session.getSnapshot()).toMatchObject({ origin: 'sign-up', user: { id: 'user_new' } });
    expect(api.requestsTo('POST', '/api/auth/sign-up/')[0].body).toEqual({
      email: 'new@example.com',
      password: 'correct horse battery',
      first_name: 'Sam',
    });
  });

  it('throws the server refusal of a sign-in and stays signed out', async () => {
    const api = new ApiStub()
      .on(...REFRESH, () => jsonResponse(401, {}))
      .on('POST', '/api/auth/sign-in/', () => jsonResponse(401, { error: 'invalid_credentials', detail: 'E-mail or password is incorrect.' }));
    const { session } = setUp(api);
    await session.start();

    await expect(session.signIn({ email: 'owner@example.com', password: 'wrong password' })).rejects.toMatchObject({
      status: 401,
      message: 'E-mail or password is incorrect.',
    });
    expect(session.getSnapshot().user).toBeNull();
  });

  it('refreshes a token that expires within 30 s before handing it out, keeping the same user object', async () => {
    const api = new ApiStub().on(
      ...REFRESH,
      () => jsonResponse(200, answer('access-1')),
      () => jsonResponse(200, answer('access-2')),
    );
    const { session, advance } = setUp(api);
    await session.start();
    const user = session.getSnapshot().user;

    advance(869_000);
    await expect(session.getToken()).resolves.toBe('access-1');
    advance(2_000);
    await expect(session.getToken()).resolves.toBe('access-2');

    expect(api.calls()).toEqual(['POST /api/auth/refresh/', 'POST /api/auth/refresh/']);
    expect(session.getSnapshot().user).toBe(user);
    expect(session.getSnapshot().origin).toBe('restore');
  });

  it('shares one refresh between concurrent callers', async () => {
    const api = new ApiStub().on(
      ...REFRESH,
      () => jsonResponse(200, answer('access-1')),
      () => jsonResponse(200, answer('access-2')),
    );
    const { session } = setUp(api);
    await session.start();

    const tokens = await Promise.all([session.refreshToken(), session.refreshToken(), session.refreshToken()]);

    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(api.requestsTo(...REFRESH)).toHaveLength(2);
  });

  it('ends the session when the server refuses to refresh it', async () => {
    const api = new ApiStub().on(
      ...REFRESH,
      () => jsonResponse(200, answer('access-1')),
      () => jsonResponse(401, { error: 'refresh_token_reused' }),
    );
    const { session } = setUp(api);
    await session.start();

    await expect(session.refreshToken()).resolves.toBeNull();
    expect(session.getSnapshot()).toEqual({ status: 'ready', user: null, origin: null });
  });

  it('signs out on the server and here, even when the server cannot be reached', async () => {
    const api = new ApiStub()
      .on(...REFRESH, () => jsonResponse(200, answer('access-1')))
      .on('POST', '/api/auth/sign-out/', () => Promise.reject(new TypeError('Failed to fetch')));
    const { session, knownUser } = setUp(api);
    await session.start();
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().user?.id ?? 'signed out'));

    await session.signOut();

    expect(api.calls()).toContain('POST /api/auth/sign-out/');
    expect(api.requestsTo('POST', '/api/auth/sign-out/')[0].headers.Authorization).toBeUndefined();
    expect(seen).toEqual(['signed out']);
    expect(knownUser.read()).toBeNull();
    await expect(session.getToken()).resolves.toBeNull();
  });
});
