import { createPrivateKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '@ringcheck/projections';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { IdentityAuthenticator } from '../src/identity';
import { IdentityApiClient, refreshCookieOf, withEnv } from '../src/identity/testing/identity-api.fixture';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { type TestApp, startTestApp } from './test-app';

const PASSWORD = 'correct horse battery';
const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('identity API', () => {
  let t: TestApp;
  let api: IdentityApiClient;
  beforeAll(async () => {
    t = await withEnv({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' }, () => startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }));
    api = new IdentityApiClient(t.app, t.csrf);
  });
  afterAll(() => t.close());

  async function signUp(email = fresh('owner'), extra: object = {}) {
    const res = await api.call('post', '/api/auth/sign-up/', { email, password: PASSWORD, ...extra });
    expect(res.status).toBe(201);
    return { email, id: res.body.user.id as string, token: res.body.access_token as string, refresh: refreshCookieOf(res)!.value };
  }

  async function signIn(email: string, password = PASSWORD) {
    const res = await api.call('post', '/api/auth/sign-in/', { email, password });
    expect(res.status).toBe(200);
    return { token: res.body.access_token as string, refresh: refreshCookieOf(res)!.value };
  }

  /** A token signed with the server's own key, with any claims: for expired or foreign tokens. */
  async function forgeToken(claims: { sub: string; sid?: string; exp: number }) {
    const file = JSON.parse(readFileSync(join(t.config.dataDir, 'auth-signing-key.json'), 'utf8'));
    return new SignJWT({ sid: claims.sid ?? randomUUID() })
      .setProtectedHeader({ alg: 'EdDSA', kid: file.kid })
      .setIssuer('ringcheck')
      .setAudience('ringcheck-api')
      .setSubject(claims.sub)
      .setIssuedAt(claims.exp - 900)
      .setExpirationTime(claims.exp)
      .sign(createPrivateKey({ key: file.privateJwk, format: 'jwk' }));
  }

  describe('POST /api/auth/sign-up/', () => {
    it('creates the account and answers a Bearer access token, with the refresh token in an httpOnly cookie', async () => {
      const res = await api.call('post', '/api/auth/sign-up/', { email: '  New.Owner@Example.COM ', password: PASSWORD, first_name: 'Dana', last_name: 'Reyes' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        user: {
          id: expect.stringMatching(/^user_[0-9a-f-]{36}$/),
          email: 'new.owner@example.com',
          first_name: 'Dana',
          last_name: 'Reyes',
          provider: 'embedded',
          created_at: expect.any(String),
          last_sign_in_at: expect.any(String),
          roles: [],
        },
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 900,
      });
      const cookie = refreshCookieOf(res)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'SameSite=Lax', expect.stringMatching(/^Max-Age=259\d{4}$/)]));
      expect(cookie.attributes).not.toContain('Secure');
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    });

    it('records sign-up and sign-in as events, keeping only hashes of the password and refresh token', async () => {
      const { email, id, refresh } = await signUp();
      const second = await signIn(email);
      const events = await t.app.get<EventStore>(EVENT_STORE).readStream(`user-${id}`);
      expect(events.map((event) => event.type)).toEqual(['UserSignedUp', 'UserSignedIn', 'SessionStarted', 'UserSignedIn', 'SessionStarted']);
      expect(events[0].data).toMatchObject({ userId: id, provider: 'embedded', passwordHash: expect.stringMatching(/^\$argon2id\$/) });
      expect(events[0].metadata.actor).toBe(id);
      const log = JSON.stringify(events);
      for (const secret of [PASSWORD, refresh, second.refresh]) expect(log).not.toContain(secret);
    });

    it('issues tokens that the published JWKS verifies, at both addresses', async () => {
      const { id, token } = await signUp();
      const jwks = await api.call('get', '/api/auth/jwks/');
      const wellKnown = await api.call('get', '/.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      expect(wellKnown.body).toEqual(jwks.body);
      expect(jwks.body.keys).toHaveLength(1);
      expect(jwks.body.keys[0]).not.toHaveProperty('d');
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks.body), { issuer: 'ringcheck', audience: 'ringcheck-api' });
      expect(payload.sub).toBe(id);
    });

    it('refuses an e-mail address already in use, whatever its case', async () => {
      const { email } = await signUp();
      const res = await api.call('post', '/api/auth/sign-up/', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'email_taken',
        detail: 'An account with this e-mail already exists.',
        fields: { email: ['An account with this e-mail already exists.'] },
      });
    });

    it('gives an address to exactly one of several simultaneous sign-ups', async () => {
      const email = fresh('race');
      const answers = await Promise.all(Array.from({ length: 4 }, () => api.call('post', '/api/auth/sign-up/', { email, password: PASSWORD })));
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it('names each bad field', async () => {
      const short = await api.call('post', '/api/auth/sign-up/', { email: fresh('short'), password: 'too-short' });
      expect(short.status).toBe(400);
      expect(short.body.fields).toEqual({ password: ['Password must be 10 to 200 characters long'] });
      const bad = await api.call('post', '/api/auth/sign-up/', { email: 'not-an-address', password: PASSWORD, role: 'admin' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ email: ['Enter a valid e-mail address'], role: ['This field is not allowed'] });
      const missing = await api.call('post', '/api/auth/sign-up/', {});
      expect(missing.body.fields).toEqual({ email: ['E-mail is required'], password: ['Password is required'] });
      const long = await api.call('post', '/api/auth/sign-up/', { email: fresh('long'), password: 'x'.repeat(201) });
      expect(long.body.fields.password).toEqual(['Password must be 10 to 200 characters long']);
    });

    it('refuses a common or guessable password, and one made of the e-mail address, saying why', async () => {
      const common = await api.call('post', '/api/auth/sign-up/', { email: fresh('common'), password: 'Password1234' });
      expect(common.status).toBe(400);
      expect(common.body.fields).toEqual({ password: ['This password is too common or too easy to guess. Try a longer phrase or add unusual words.'] });
      const email = fresh('mirror');
      const same = await api.call('post', '/api/auth/sign-up/', { email, password: email.toUpperCase() });
      expect(same.body.fields).toEqual({ password: ['Your password must not be your e-mail address.'] });
      const local = email.split('@')[0];
      const containing = await api.call('post', '/api/auth/sign-up/', { email, password: `Amber-${local}-kettle` });
      expect(containing.body.fields).toEqual({ password: ['Your password must not contain your e-mail address.'] });
      expect((await api.call('post', '/api/auth/sign-in/', { email, password: email })).status).toBe(401);
    });

    it('needs the CSRF header like every other state-changing request', async () => {
      const res = await api.call('post', '/api/auth/sign-up/', { email: fresh('csrf'), password: PASSWORD }, { noCsrf: true });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/auth/sign-in/', () => {
    it('signs in with the right password, whatever the e-mail case, and records the sign-in', async () => {
      const { email, id } = await signUp();
      const res = await api.call('post', '/api/auth/sign-in/', { email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: { id, email }, token_type: 'Bearer', expires_in: 900 });
      expect(refreshCookieOf(res)).not.toBeNull();
      const me = await api.call('get', '/api/auth/me/', undefined, { token: res.body.access_token });
      expect(me.body.last_sign_in_at).toEqual(expect.any(String));
    });

    it('answers a wrong password and an unknown e-mail the same way', async () => {
      const { email } = await signUp();
      const wrong = await api.call('post', '/api/auth/sign-in/', { email, password: 'not the password' });
      const unknown = await api.call('post', '/api/auth/sign-in/', { email: fresh('nobody'), password: PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'invalid_credentials', detail: 'E-mail or password is incorrect.', user_message: 'E-mail or password is incorrect.' });
        expect(refreshCookieOf(res)).toBeNull();
      }
    });

    it('names missing fields', async () => {
      const res = await api.call('post', '/api/auth/sign-in/', { email: 'a@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ password: ['Password is required'] });
    });
  });

  describe('bearer tokens on any API route', () => {
    it('refuses a present but bad token with 401, even on a public route, so the web app refreshes', async () => {
      const garbage = await api.call('get', '/api/analytics/feature-flags/', undefined, { token: 'not-a-token' });
      expect(garbage.status).toBe(401);
      expect(garbage.body).toMatchObject({ error: 'token_invalid', detail: 'The access token is malformed.' });
      expect(garbage.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
      const notBearer = await t.agent.get('/api/analytics/feature-flags/').set('Authorization', 'Basic dXNlcjpwYXNz');
      expect(notBearer.status).toBe(401);
      expect(notBearer.body.error).toBe('token_invalid');
    });

    it('answers token_expired for an expired token', async () => {
      const { id } = await signUp();
      const expired = await forgeToken({ sub: id, exp: Math.floor(Date.now() / 1000) - 60 });
      const res = await api.call('get', '/api/auth/me/', undefined, { token: expired });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'token_expired', detail: 'The access token has expired.' });
    });

    it('refuses a well-signed token naming a user or session that does not exist', async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const ghost = await api.call('get', '/api/auth/me/', undefined, { token: await forgeToken({ sub: `user_${randomUUID()}`, exp }) });
      expect(ghost.status).toBe(401);
      expect(ghost.body.error).toBe('token_invalid');
      const { id } = await signUp();
      const otherSession = await api.call('get', '/api/auth/me/', undefined, { token: await forgeToken({ sub: id, exp }) });
      expect(otherSession.status).toBe(401);
    });

    it('leaves a request without a token anonymous on public routes', async () => {
      expect((await api.call('get', '/api/analytics/feature-flags/')).status).toBe(200);
    });

    it('verifies socket handshake tokens the same way', async () => {
      const { id, token } = await signUp();
      const authenticator = t.app.get(IdentityAuthenticator);
      await expect(authenticator.verifySocketToken(token)).resolves.toMatchObject({ id });
      await expect(authenticator.verifySocketToken('nope')).resolves.toBeNull();
      await expect(authenticator.verifySocketToken(undefined)).resolves.toBeNull();
    });
  });

  describe('guarded routes', () => {
    const guarded: [string, 'get' | 'patch' | 'post' | 'delete', string, object | undefined][] = [
      ['GET /api/auth/me/', 'get', '/api/auth/me/', undefined],
      ['PATCH /api/users/me/', 'patch', '/api/users/me/', { first_name: 'Mallory' }],
      ['POST /api/users/me/password/', 'post', '/api/users/me/password/', { current_password: PASSWORD, new_password: 'another long password' }],
      ['DELETE /api/users/me/', 'delete', '/api/users/me/', { password: PASSWORD }],
    ];

    it.each(guarded)('%s answers 401 authentication_required without a token', async (_name, method, path, body) => {
      const res = await api.call(method, path, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'authentication_required',
        detail: 'Sign in to use this.',
        user_message: 'Please sign in to access this page.',
      });
    });

    it.each(guarded)("%s with one user's token never reads or changes another user's account", async (_name, method, path, body) => {
      const a = await signUp(fresh('alice'), { first_name: 'Alice' });
      const b = await signUp(fresh('bob'), { first_name: 'Bob' });
      const res = await api.call(method, path, body, { token: a.token });
      expect(res.status).toBeLessThan(300);
      if (res.status === 200) expect(res.body.id).toBe(a.id);
      const bobMe = await api.call('get', '/api/auth/me/', undefined, { token: b.token });
      expect(bobMe.body).toMatchObject({ id: b.id, email: b.email, first_name: 'Bob' });
      expect((await api.call('post', '/api/auth/sign-in/', { email: b.email, password: PASSWORD })).status).toBe(200);
    });

    it.each(guarded)('%s refuses the token of a deleted account', async (_name, method, path, body) => {
      const gone = await signUp();
      expect((await api.call('delete', '/api/users/me/', { password: PASSWORD }, { token: gone.token })).status).toBe(204);
      const res = await api.call(method, path, body, { token: gone.token });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('token_invalid');
    });
  });

  describe('GET /api/auth/me/ and GET /api/auth/config/', () => {
    it("answers the token's own user", async () => {
      const { id, email, token } = await signUp(fresh('me'), { first_name: 'Dana' });
      const res = await api.call('get', '/api/auth/me/', undefined, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id,
        email,
        first_name: 'Dana',
        last_name: null,
        provider: 'embedded',
        created_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        roles: [],
      });
    });

    it('tells the web app that accounts are built in', async () => {
      expect((await api.call('get', '/api/auth/config/')).body).toEqual({ provider: 'embedded' });
    });
  });

  describe('POST /api/auth/refresh/', () => {
    it('trades the cookie for a new access token and rotates the refresh token', async () => {
      const { id, refresh } = await signUp();
      const res = await api.call('post', '/api/auth/refresh/', undefined, { refresh });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: { id }, token_type: 'Bearer', expires_in: 900 });
      const rotated = refreshCookieOf(res)!;
      expect(rotated.value).not.toBe(refresh);
      expect((await api.call('get', '/api/auth/me/', undefined, { token: res.body.access_token })).body.id).toBe(id);
      expect((await api.call('post', '/api/auth/refresh/', undefined, { refresh: rotated.value })).status).toBe(200);
    });

    it('answers a second tab refreshing with the same cookie a moment later without rotating again', async () => {
      const { refresh } = await signUp();
      const first = await api.call('post', '/api/auth/refresh/', undefined, { refresh });
      const second = await api.call('post', '/api/auth/refresh/', undefined, { refresh });
      expect(second.status).toBe(200);
      expect(second.body.access_token).toEqual(expect.any(String));
      expect(refreshCookieOf(second)).toBeNull();
      expect((await api.call('post', '/api/auth/refresh/', undefined, { refresh: refreshCookieOf(first)!.value })).status).toBe(200);
    });

    it('revokes the whole session when an older refresh token is used again', async () => {
      const { refresh: t0 } = await signUp();
      const r1 = await api.call('post', '/api/auth/refresh/', undefined, { refresh: t0 });
      const r2 = await api.call('post', '/api/auth/refresh/', undefined, { refresh: refreshCookieOf(r1)!.value });
      const latest = refreshCookieOf(r2)!.value;
      const reused = await api.call('post', '/api/auth/refresh/', undefined, { refresh: t0 });
      expect(reused.status).toBe(401);
      expect(reused.body.error).toBe('refresh_token_reused');
      expect(refreshCookieOf(reused)!.attributes).toContain('Max-Age=0');
      const afterwards = await api.call('post', '/api/auth/refresh/', undefined, { refresh: latest });
      expect(afterwards.status).toBe(401);
      expect(afterwards.body.error).toBe('refresh_token_revoked');
      const access = await api.call('get', '/api/auth/me/', undefined, { token: r2.body.access_token });
      expect(access.status).toBe(401);
    });

    it('answers 401 without a cookie or with an unknown one', async () => {
      const missing = await api.call('post', '/api/auth/refresh/');
      expect(missing.status).toBe(401);
      expect(missing.body.error).toBe('refresh_token_missing');
      const unknown = await api.call('post', '/api/auth/refresh/', undefined, { refresh: 'A'.repeat(43) });
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('refresh_token_invalid');
    });
  });

  describe('the session hint cookie', () => {
    const hintOf = (res: { headers: Record<string, unknown> }) => {
      const line = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('rc_session='));
      return line ? line.split(';').map((part) => part.trim()) : null;
    };

    it('is set beside the refresh cookie, readable by the page, for as long, and holds no token', async () => {
      const res = await api.call('post', '/api/auth/sign-up/', { email: fresh('hint'), password: PASSWORD });
      const hint = hintOf(res)!;
      const refresh = refreshCookieOf(res)!;
      expect(hint).toEqual(expect.arrayContaining(['rc_session=1', 'Path=/', 'SameSite=Lax']));
      expect(hint).not.toContain('HttpOnly');
      expect(hint.find((a) => a.startsWith('Max-Age='))).toBe(refresh.attributes.find((a) => a.startsWith('Max-Age=')));
      const rotated = await api.call('post', '/api/auth/refresh/', undefined, { refresh: refresh.value });
      expect(hintOf(rotated)).toContain('rc_session=1');
    });

    it('is cleared on sign-out and by every refused refresh, a missing refresh cookie included', async () => {
      const { token, refresh } = await signUp();
      expect(hintOf(await api.call('post', '/api/auth/sign-out/', undefined, { token, refresh }))).toEqual(expect.arrayContaining(['rc_session=', 'Max-Age=0']));
      expect(hintOf(await api.call('post', '/api/auth/refresh/', undefined, { refresh }))).toContain('Max-Age=0');
      expect(hintOf(await api.call('post', '/api/auth/refresh/'))).toContain('Max-Age=0');
    });
  });

  describe('POST /api/auth/sign-out/', () => {
    it('ends this session only: its refresh token and access token stop working, other sessions go on', async () => {
      const { email, token, refresh } = await signUp();
      const other = await signIn(email);
      const res = await api.call('post', '/api/auth/sign-out/', undefined, { token, refresh });
      expect(res.status).toBe(204);
      expect(refreshCookieOf(res)!.attributes).toContain('Max-Age=0');
      const again = await api.call('post', '/api/auth/refresh/', undefined, { refresh });
      expect(again.status).toBe(401);
      expect(again.body.error).toBe('refresh_token_revoked');
      expect((await api.call('get', '/api/auth/me/', undefined, { token })).status).toBe(401);
      expect((await api.call('get', '/api/auth/me/', undefined, { token: other.token })).status).toBe(200);
      expect((await api.call('post', '/api/auth/refresh/', undefined, { refresh: other.refresh })).status).toBe(200);
    });

    it('is not an error without a session', async () => {
      expect((await api.call('post', '/api/auth/sign-out/')).status).toBe(204);
    });
  });

  describe('PATCH /api/users/me/', () => {
    it('changes the name, keeps an omitted field and clears an empty one', async () => {
      const { token } = await signUp(fresh('rename'), { first_name: 'Dana', last_name: 'Reyes' });
      const renamed = await api.call('patch', '/api/users/me/', { first_name: '  Dee ' }, { token });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ first_name: 'Dee', last_name: 'Reyes' });
      const cleared = await api.call('patch', '/api/users/me/', { last_name: '' }, { token });
      expect(cleared.body).toMatchObject({ first_name: 'Dee', last_name: null });
      expect((await api.call('get', '/api/auth/me/', undefined, { token })).body).toMatchObject({ first_name: 'Dee', last_name: null });
    });

    it('names bad fields', async () => {
      const { token } = await signUp();
      const res = await api.call('patch', '/api/users/me/', { first_name: 'x'.repeat(101), email: 'new@example.com' }, { token });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ first_name: ['First name must be at most 100 characters'], email: ['This field is not allowed'] });
    });
  });

  describe('POST /api/users/me/password/', () => {
    it('changes the password and signs out every other session, keeping this one', async () => {
      const { email, token, refresh } = await signUp();
      const other = await signIn(email);
      const res = await api.call('post', '/api/users/me/password/', { current_password: PASSWORD, new_password: 'a brand new passphrase' }, { token });
      expect(res.status).toBe(204);
      expect((await api.call('get', '/api/auth/me/', undefined, { token })).status).toBe(200);
      expect((await api.call('post', '/api/auth/refresh/', undefined, { refresh })).status).toBe(200);
      expect((await api.call('get', '/api/auth/me/', undefined, { token: other.token })).status).toBe(401);
      const otherRefresh = await api.call('post', '/api/auth/refresh/', undefined, { refresh: other.refresh });
      expect(otherRefresh.body.error).toBe('refresh_token_revoked');
      expect((await api.call('post', '/api/auth/sign-in/', { email, password: PASSWORD })).status).toBe(401);
      expect((await api.call('post', '/api/auth/sign-in/', { email, password: 'a brand new passphrase' })).status).toBe(200);
    });

    it('refuses a wrong current password or a short new one, naming the field', async () => {
      const { token } = await signUp();
      const wrong = await api.call('post', '/api/users/me/password/', { current_password: 'not the password', new_password: 'a brand new passphrase' }, { token });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual({ current_password: ['The password is incorrect.'] });
      const short = await api.call('post', '/api/users/me/password/', { current_password: PASSWORD, new_password: 'short' }, { token });
      expect(short.status).toBe(400);
      expect(short.body.fields).toEqual({ new_password: ['Password must be 10 to 200 characters long'] });
    });

    it('refuses a guessable new password, naming the field', async () => {
      const { token } = await signUp();
      const weak = await api.call('post', '/api/users/me/password/', { current_password: PASSWORD, new_password: 'qwertyuiop1' }, { token });
      expect(weak.status).toBe(400);
      expect(weak.body.fields).toEqual({ new_password: ['This password is too common or too easy to guess. Try a longer phrase or add unusual words.'] });
    });
  });

  describe('DELETE /api/users/me/', () => {
    it('needs the password, then deletes the account, frees its e-mail and ends its sessions', async () => {
      const { email, id, token, refresh } = await signUp();
      const without = await api.call('delete', '/api/users/me/', {}, { token });
      expect(without.status).toBe(400);
      expect(without.body.fields).toEqual({ password: ['Enter your password to delete your account.'] });
      const wrong = await api.call('delete', '/api/users/me/', { password: 'not the password' }, { token });
      expect(wrong.body.fields).toEqual({ password: ['The password is incorrect.'] });

      const res = await api.call('delete', '/api/users/me/', { password: PASSWORD }, { token, refresh });
      expect(res.status).toBe(204);
      expect(refreshCookieOf(res)!.attributes).toContain('Max-Age=0');
      expect((await api.call('post', '/api/auth/refresh/', undefined, { refresh })).status).toBe(401);
      expect((await api.call('post', '/api/auth/sign-in/', { email, password: PASSWORD })).body.error).toBe('invalid_credentials');
      const again = await signUp(email);
      expect(again.id).not.toBe(id);
    });
  });
});
