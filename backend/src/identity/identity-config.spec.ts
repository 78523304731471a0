import { ConfigError } from '../infrastructure/config';
import { issuerFromPublishableKey, loadIdentityConfig } from './identity-config';

const publishableKey = (host: string, mode = 'test') => `pk_${mode}_${Buffer.from(`${host}$`).toString('base64')}`;

describe('identity config', () => {
  it('defaults to built-in accounts with 15-minute access tokens and 30-day refresh tokens', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      provider: 'embedded',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      rateLimitPerAccountAndAddress: 10,
      rateLimitPerAccount: 50,
      rateLimitPerAddress: 30,
      authorizedParties: [],
    });
  });

  it("reads Clerk's issuer from the publishable key", () => {
    expect(issuerFromPublishableKey(publishableKey('clerk.ringcheck.example.com'))).toBe('https://clerk.ringcheck.example.com');
    expect(issuerFromPublishableKey(publishableKey('happy-hen-42.clerk.accounts.dev', 'live'))).toBe('https://happy-hen-42.clerk.accounts.dev');
    expect(issuerFromPublishableKey('pk_test_bm90LWEta2V5')).toBeNull();
    const config = loadIdentityConfig({
      CLERK_PUBLISHABLE_KEY: publishableKey('clerk.ringcheck.example.com'),
      CLERK_AUTHORIZED_PARTIES: 'https://ringcheck.example.com/, http://localhost:5173',
    });
    expect(config).toMatchObject({
      provider: 'clerk',
      issuer: 'https://clerk.ringcheck.example.com',
      jwksDiscovery: 'clerk',
      authorizedParties: ['https://ringcheck.example.com', 'http://localhost:5173'],
    });
  });

  it('accepts any OIDC issuer, with an optional audience', () => {
    expect(loadIdentityConfig({ OIDC_ISSUER_URL: 'https://login.example.com/', OIDC_AUDIENCE: 'ringcheck' })).toMatchObject({
      provider: 'clerk',
      issuer: 'https://login.example.com',
      jwksDiscovery: 'oidc',
      audience: 'ringcheck',
    });
  });

  it('lists every bad variable, never echoing a value', () => {
    let error: unknown;
    try {
      loadIdentityConfig({ CLERK_PUBLISHABLE_KEY: 'pk_nope', CLERK_SECRET_KEY: 'hunter2-secret', ACCESS_TOKEN_TTL_SECONDS: '5', REFRESH_TOKEN_TTL_DAYS: 'x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.variable).sort()).toEqual([
      'ACCESS_TOKEN_TTL_SECONDS',
      'CLERK_PUBLISHABLE_KEY',
      'CLERK_SECRET_KEY',
      'REFRESH_TOKEN_TTL_DAYS',
    ]);
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('refuses Clerk and an OIDC issuer together', () => {
    expect(() => loadIdentityConfig({ CLERK_PUBLISHABLE_KEY: publishableKey('clerk.example.com'), OIDC_ISSUER_URL: 'https://login.example.com' })).toThrow(
      /either CLERK_PUBLISHABLE_KEY or OIDC_ISSUER_URL/,
    );
  });
});
