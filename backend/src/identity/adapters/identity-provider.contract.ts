import { AuthError } from '../ports/auth.error';
import type { IdentityProvider } from '../ports/identity-provider';

/** What the contract needs from one adapter: the provider, and tokens minted the way its issuer would. */
export interface IdentityProviderFixture {
  provider: IdentityProvider;
  /** A subject the issuer would put in `sub`. */
  newSubject(): string;
  /** The user id the provider must report for that subject. */
  userIdOf(subject: string): string;
  /** A token for `subject`: valid unless told otherwise. */
  sign(options: { subject: string; expiresIn?: number; issuer?: string; foreignKey?: boolean; email?: string }): Promise<string>;
  cleanup(): Promise<void>;
}

async function authErrorOf(attempt: Promise<unknown>): Promise<AuthError> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The auth port's contract: every adapter accepts exactly the tokens its issuer really signed. */
export function describeIdentityProviderContract(name: string, setup: () => Promise<IdentityProviderFixture>): void {
  describe(`identity provider contract: ${name}`, () => {
    let fixture: IdentityProviderFixture;
    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(() => fixture.cleanup());

    it('accepts a valid token and names the right user', async () => {
      const subject = fixture.newSubject();
      const token = await fixture.sign({ subject, email: 'owner@example.com' });
      const identity = await fixture.provider.verifyAccessToken(token);
      expect(identity.userId).toBe(fixture.userIdOf(subject));
      expect(identity.userId).toMatch(/^user_[0-9a-f-]{36}$/);
      expect(identity.externalSubject).toBe(subject);
      expect(identity.email).toBe('owner@example.com');
      expect(identity.expiresAt).toBeGreaterThan(identity.issuedAt);
    });

    it('maps the same subject to the same user every time', async () => {
      const subject = fixture.newSubject();
      const first = await fixture.provider.verifyAccessToken(await fixture.sign({ subject }));
      const second = await fixture.provider.verifyAccessToken(await fixture.sign({ subject }));
      expect(second.userId).toBe(first.userId);
    });

    it('refuses an expired token as token_expired', async () => {
      const token = await fixture.sign({ subject: fixture.newSubject(), expiresIn: -3600 });
      expect((await authErrorOf(fixture.provider.verifyAccessToken(token))).code).toBe('token_expired');
    });

    it('refuses a token from another issuer', async () => {
      const token = await fixture.sign({ subject: fixture.newSubject(), issuer: 'https://issuer.example.net' });
      expect((await authErrorOf(fixture.provider.verifyAccessToken(token))).code).toBe('token_invalid');
    });

    it('refuses a token signed with another key', async () => {
      const token = await fixture.sign({ subject: fixture.newSubject(), foreignKey: true });
      expect((await authErrorOf(fixture.provider.verifyAccessToken(token))).code).toBe('token_invalid');
    });

    it('refuses a token whose payload was changed after signing', async () => {
      const token = await fixture.sign({ subject: fixture.newSubject() });
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = [header, base64url({ ...claims, sub: fixture.newSubject() }), signature].join('.');
      expect((await authErrorOf(fixture.provider.verifyAccessToken(forged))).code).toBe('token_invalid');
    });

    it('refuses an unsigned token (alg: none)', async () => {
      const token = await fixture.sign({ subject: fixture.newSubject() });
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      const withFakeSignature = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.c2ln`;
      expect((await authErrorOf(fixture.provider.verifyAccessToken(unsigned))).code).toBe('token_invalid');
      expect((await authErrorOf(fixture.provider.verifyAccessToken(withFakeSignature))).code).toBe('token_invalid');
    });

    it('refuses malformed tokens, and an empty one as token_missing', async () => {
      for (const malformed of ['not-a-token', 'a.b', 'a.b.c.d', '{"alg":"none"}', 'x'.repeat(9000)]) {
        expect((await authErrorOf(fixture.provider.verifyAccessToken(malformed))).code).toBe('token_invalid');
      }
      expect((await authErrorOf(fixture.provider.verifyAccessToken(''))).code).toBe('token_missing');
    });

    it('reports itself healthy', async () => {
      expect(await fixture.provider.health()).toMatchObject({ adapter: fixture.provider.adapterName, state: 'up' });
    });
  });
}
