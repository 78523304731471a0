import type { SessionAnswer } from '../../../api/auth-api';
import { ApiStub, jsonResponse } from '../../../test/api-stub';
import { SESSION_HINT_COOKIE } from '../session/session-hint';

export const USER_ID = 'user_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

export const apiUser = (overrides: Partial<SessionAnswer['user']> = {}): SessionAnswer['user'] => ({
  id: USER_ID,
  email: 'owner@example.com',
  first_name: 'Dana',
  last_name: 'Reyes',
  created_at: '2025-12-01T10:00:00.000Z',
  last_sign_in_at: '2026-01-05T15:00:00.000Z',
  provider: 'embedded',
  roles: [],
  ...overrides,
});

export const sessionAnswer = (token = 'access-1', overrides: Partial<SessionAnswer['user']> = {}): SessionAnswer => ({
  user: apiUser(overrides),
  access_token: token,
  token_type: 'Bearer',
  expires_in: 900,
});

/**
 * A product API with built-in accounts: signed in (the browser holds the session hint cookie and refresh
 * answers a session) or signed out (no hint; refresh would answer 401).
 */
export function identityApi(options: { signedIn: boolean }): ApiStub {
  document.cookie = options.signedIn ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  return new ApiStub()
    .on('GET', '/api/auth/config/', () => jsonResponse(200, { provider: 'embedded' }))
    .on('POST', '/api/auth/refresh/', () =>
      options.signedIn ? jsonResponse(200, sessionAnswer()) : jsonResponse(401, { error: 'refresh_token_missing' }),
    )
    .on('POST', '/api/auth/sign-out/', () => new Response(null, { status: 204 }));
}
