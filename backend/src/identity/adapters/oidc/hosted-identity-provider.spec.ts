import { randomUUID } from 'node:crypto';
import { describeIdentityProviderContract } from '../identity-provider.contract';
import { ClerkUserProfiles } from './clerk-user-profiles';
import { HostedIdentityProvider, userIdForSubject } from './hosted-identity-provider';
import { LocalOidcIssuer } from './local-oidc-issuer.fixture';

const clerkSubject = () => `user_2${randomUUID().replace(/-/g, '').slice(0, 26)}`;

async function hostedFixture(jwksDiscovery: 'clerk' | 'oidc', algorithm: 'RS256' | 'ES256') {
  const issuer = await LocalOidcIssuer.start(algorithm);
  return {
    provider: new HostedIdentityProvider({ issuer: issuer.url, jwksDiscovery }),
    newSubject: clerkSubject,
    userIdOf: userIdForSubject,
    sign: ({ subject, expiresIn, issuer: iss, foreignKey, email }: { subject: string; expiresIn?: number; issuer?: string; foreignKey?: boolean; email?: string }) =>
      issuer.sign({ subject, expiresIn, issuer: iss, foreignKey, claims: email ? { email } : {} }),
    cleanup: () => issuer.close(),
  };
}

describeIdentityProviderContract('Clerk (local JWKS stand-in, RS256)', () => hostedFixture('clerk', 'RS256'));
describeIdentityProviderContract('OIDC discovery (local stand-in, ES256)', () => hostedFixture('oidc', 'ES256'));

describe('hosted identity provider', () => {
  let issuer: LocalOidcIssuer;
  beforeAll(async () => {
    issuer = await LocalOidcIssuer.start('ES256');
  });
  afterAll(() => issuer.close());

  it('maps a subject to a user_ id deterministically, distinct per subject', () => {
    expect(userIdForSubject('user_2abc')).toBe(userIdForSubject('user_2abc'));
    expect(userIdForSubject('user_2abc')).not.toBe(userIdForSubject('user_2abd'));
    expect(userIdForSubject('user_2abc')).toMatch(/^user_[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('fetches the JWKS once and reuses it', async () => {
    const provider = new HostedIdentityProvider({ issuer: issuer.url, jwksDiscovery: 'clerk' });
    const before = issuer.jwksRequests;
    for (let i = 0; i < 3; i++) await provider.verifyAccessToken(await issuer.sign({ subject: clerkSubject() }));
    expect(issuer.jwksRequests - before).toBe(1);
  });

  it('checks azp and aud when they are configured', async () => {
    const provider = new HostedIdentityProvider({
      issuer: issuer.url,
      jwksDiscovery: 'clerk',
      audience: 'ringcheck',
      authorizedParties: ['https://ringcheck.example.com'],
    });
    const good = await issuer.sign({ subject: clerkSubject(), claims: { azp: 'https://ringcheck.example.com', aud: 'ringcheck' } });
    await expect(provider.verifyAccessToken(good)).resolves.toMatchObject({ sessionId: null });
    const otherParty = await issuer.sign({ subject: clerkSubject(), claims: { azp: 'https://evil.example.net', aud: 'ringcheck' } });
    await expect(provider.verifyAccessToken(otherParty)).rejects.toMatchObject({ code: 'token_invalid' });
    const otherAudience = await issuer.sign({ subject: clerkSubject(), claims: { azp: 'https://ringcheck.example.com', aud: 'other' } });
    await expect(provider.verifyAccessToken(otherAudience)).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('reads names from the token, and the e-mail from Clerk when the token has none', async () => {
    const subject = clerkSubject();
    issuer.users.set(subject, { first_name: 'Dana', last_name: 'Reyes', email: 'dana@example.com' });
    const provider = new HostedIdentityProvider({
      issuer: issuer.url,
      jwksDiscovery: 'clerk',
      profiles: new ClerkUserProfiles(issuer.url, issuer.secretKey),
    });
    const identity = await provider.verifyAccessToken(await issuer.sign({ subject, claims: { given_name: 'Dee' } }));
    expect(identity).toMatchObject({ email: null, firstName: 'Dee' });
    expect(await provider.withProfile(identity)).toMatchObject({ email: 'dana@example.com', firstName: 'Dee', lastName: 'Reyes' });
  });

  it('leaves the profile unknown when Clerk refuses the secret key', async () => {
    const subject = clerkSubject();
    issuer.users.set(subject, { first_name: 'Dana', last_name: null, email: 'dana@example.com' });
    const failures: string[] = [];
    const provider = new HostedIdentityProvider({
      issuer: issuer.url,
      jwksDiscovery: 'clerk',
      profiles: new ClerkUserProfiles(issuer.url, 'sk_test_wrong', (message) => failures.push(message)),
    });
    const identity = await provider.verifyAccessToken(await issuer.sign({ subject }));
    expect(await provider.withProfile(identity)).toMatchObject({ email: null, firstName: null });
    expect(failures).toEqual(['Clerk answered 401 for a user lookup.']);
  });

  it('reports an unreachable issuer as unavailable, not as a bad token', async () => {
    const down = await LocalOidcIssuer.start('ES256');
    const url = down.url;
    const token = await down.sign({ subject: clerkSubject() });
    await down.close();
    const provider = new HostedIdentityProvider({ issuer: url, jwksDiscovery: 'oidc', timeoutMs: 1000 });
    await expect(provider.verifyAccessToken(token)).rejects.toMatchObject({ name: 'IdentityProviderUnavailableError' });
    expect(await provider.health()).toMatchObject({ state: 'down' });
  });
});
