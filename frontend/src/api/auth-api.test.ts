// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiClient, type ApiAuth } from './api-client';
import { createAuthApi, type SessionAnswer } from './auth-api';
import { createFetchStub, jsonResponse } from '../test/fetch-stub';

const session: SessionAnswer = {
  user: {
    id: 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    email: 'owner@example.com',
    first_name: 'Dana',
    last_name: null,
    created_at: '2026-01-05T15:00:00.000Z',
    last_sign_in_at: '2026-01-05T15:00:00.000Z',
    provider: 'embedded',
    roles: [],
  },
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 900,
};

const signedInAuth: ApiAuth = { isSignedIn: () => true, getToken: async () => 'old-token', refreshToken: async () => 'new-token' };

describe('auth API', () => {
  it('uses the session paths with cookies, the CSRF header and no bearer token', async () => {
    const stub = createFetchStub(
      () => jsonResponse(200, { provider: 'embedded' }),
      () => jsonResponse(201, session),
      () => jsonResponse(200, session),
      () => jsonResponse(200, session),
      () => new Response(null, { status: 204 }),
    );
    const api = createAuthApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=c1', auth: signedInAuth }));

    await expect(api.config()).resolves.toEqual({ provider: 'embedded' });
    await expect(api.signUp({ email: 'owner@example.com', password: 'correct horse', first_name: 'Dana' })).resolves.toEqual(session);
    await api.signIn({ email: 'owner@example.com', password: 'correct horse' });
    await api.refresh();
    await expect(api.signOut()).resolves.toBeUndefined();

    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/auth/config/',
      'POST /api/auth/sign-up/',
      'POST /api/auth/sign-in/',
      'POST /api/auth/refresh/',
      'POST /api/auth/sign-out/',
    ]);
    expect(stub.requests[1].body).toEqual({ email: 'owner@example.com', password: 'correct horse', first_name: 'Dana' });
    expect(stub.requests[3].body).toBeUndefined();
    for (const request of stub.requests) {
      expect(request.credentials).toBe('include');
      expect(request.headers.Authorization).toBeUndefined();
    }
    expect(stub.requests.slice(1).map((r) => r.headers['X-CSRFToken'])).toEqual(['c1', 'c1', 'c1', 'c1']);
  });

  it('does not wait for the device identity before restoring the session', async () => {
    const stub = createFetchStub(() => jsonResponse(200, session));
    const never = { headers: () => ({}), waitUntilReady: () => new Promise<void>(() => undefined) };
    const api = createAuthApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=c1', device: never }));

    await expect(api.refresh()).resolves.toEqual(session);
  });

  it('reads the signed-in user from /auth/me/ with the bearer token', async () => {
    const stub = createFetchStub(() => jsonResponse(200, session.user));
    const api = createAuthApi(new ApiClient({ fetch: stub.fetch, cookies: () => '', auth: signedInAuth }));

    await expect(api.me()).resolves.toEqual(session.user);
    expect(stub.requests[0]).toMatchObject({ url: '/api/auth/me/', headers: { Authorization: 'Bearer old-token' } });
  });

  it('passes the server refusal through as an ApiError with its fields', async () => {
    const body = { error: 'email_taken', fields: { email: ['An account with this e-mail already exists.'] } };
    const stub = createFetchStub(() => jsonResponse(409, body));
    const api = createAuthApi(new ApiClient({ fetch: stub.fetch, cookies: () => 'csrftoken=c1' }));

    await expect(api.signUp({ email: 'owner@example.com', password: 'correct horse' })).rejects.toMatchObject({ status: 409, body });
  });
});
