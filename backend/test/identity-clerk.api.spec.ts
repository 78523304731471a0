import { randomUUID } from 'node:crypto';
import type { EventStore } from '@ringcheck/projections';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../src/identity';
import { userIdForSubject } from '../src/identity/adapters';
import { LocalOidcIssuer } from '../src/identity/adapters/oidc/local-oidc-issuer.fixture';
import { IdentityApiClient, withEnv } from '../src/identity/testing/identity-api.fixture';
import { EVENT_STORE } from '../src/infrastructure/storage';
import { type TestApp, startTestApp } from './test-app';

const subject = () => `user_2${randomUUID().replace(/-/g, '').slice(0, 26)}`;

describe('identity API with a hosted provider (Clerk / OIDC stand-in)', () => {
  let issuer: LocalOidcIssuer;
  let t: TestApp;
  let api: IdentityApiClient;

  beforeAll(async () => {
    issuer = await LocalOidcIssuer.start('RS256');
    t = await withEnv({ OIDC_ISSUER_URL: issuer.url, CLERK_SECRET_KEY: issuer.secretKey, CLERK_API_URL: issuer.url }, () =>
      startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }),
    );
    api = new IdentityApiClient(t.app, t.csrf);
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const eventsOf = async (userId: string) =>
    (await t.app.get<EventStore>(EVENT_STORE).readStream(`user-${userId}`)).map((event) => event.type);

  it('tells the web app that sign-in is hosted', async () => {
    expect((await api.call('get', '/api/auth/config/')).body).toEqual({ provider: 'clerk', issuer: issuer.url });
  });

  it('records a new user the first time their token is seen, with the e-mail read from Clerk', async () => {
    const sub = subject();
    issuer.users.set(sub, { first_name: 'Dana', last_name: 'Reyes', email: 'Dana@Example.com' });
    const token = await issuer.sign({ subject: sub });
    const res = await api.call('get', '/api/auth/me/', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: userIdForSubject(sub), email: 'Dana@Example.com', first_name: 'Dana', last_name: 'Reyes', provider: 'clerk' });
    await api.call('get', '/api/auth/me/', undefined, { token: await issuer.sign({ subject: sub }) });
    expect(await eventsOf(userIdForSubject(sub))).toEqual(['UserSignedUp', 'UserSignedIn']);
  });

  it('refuses expired, foreign and forged tokens', async () => {
    const expired = await api.call('get', '/api/auth/me/', undefined, { token: await issuer.sign({ subject: subject(), expiresIn: -600 }) });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('token_expired');
    const foreign = await api.call('get', '/api/auth/me/', undefined, { token: await issuer.sign({ subject: subject(), issuer: 'https://other.example.net' }) });
    expect(foreign.body.error).toBe('token_invalid');
    const forged = await api.call('get', '/api/auth/me/', undefined, { token: await issuer.sign({ subject: subject(), foreignKey: true }) });
    expect(forged.body.error).toBe('token_invalid');
  });

  it.each([
    ['post', '/api/auth/sign-up/', { email: 'x' }],
    ['post', '/api/auth/sign-in/', {}],
    ['post', '/api/auth/refresh/', undefined],
  ] as const)('%s %s answers 404 not_available', async (method, path, body) => {
    const res = await api.call(method, path, body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_available', detail: 'Sign-in is handled by the hosted provider.' });
  });

  it('has no password to change, and publishes no keys of its own', async () => {
    const token = await issuer.sign({ subject: subject() });
    const res = await api.call('post', '/api/users/me/password/', { current_password: 'x', new_password: 'y' }, { token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_available');
    expect((await api.call('get', '/.well-known/jwks.json')).body).toEqual({ keys: [] });
  });

  it("changes only the token's own profile", async () => {
    const alice = subject();
    const bob = subject();
    const aliceToken = await issuer.sign({ subject: alice, claims: { given_name: 'Alice' } });
    const bobToken = await issuer.sign({ subject: bob, claims: { given_name: 'Bob' } });
    await api.call('get', '/api/auth/me/', undefined, { token: bobToken });
    const res = await api.call('patch', '/api/users/me/', { last_name: 'Liddell' }, { token: aliceToken });
    expect(res.body).toMatchObject({ id: userIdForSubject(alice), first_name: 'Alice', last_name: 'Liddell' });
    expect((await api.call('get', '/api/auth/me/', undefined, { token: bobToken })).body).toMatchObject({ first_name: 'Bob', last_name: null });
  });

  it('deletes the account without a password; its tokens, old and new, are then refused', async () => {
    const sub = subject();
    const token = await issuer.sign({ subject: sub });
    expect((await api.call('delete', '/api/users/me/', {}, { token })).status).toBe(204);
    expect((await api.call('get', '/api/auth/me/', undefined, { token })).status).toBe(401);
    const fresh = await api.call('get', '/api/auth/me/', undefined, { token: await issuer.sign({ subject: sub }) });
    expect(fresh.status).toBe(401);
    expect(fresh.body).toMatchObject({ error: 'token_invalid', detail: 'The account this token belongs to has been deleted.' });
  });

  it('reports the hosted provider healthy while its keys can be fetched', async () => {
    const provider = t.app.get<IdentityProvider>(IDENTITY_PROVIDER);
    expect(await provider.health()).toMatchObject({ adapter: 'clerk', state: 'up' });
  });
});
