import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { describeIdentityProviderContract } from '../identity-provider.contract';
import { EMBEDDED_AUDIENCE, EMBEDDED_ISSUER, EmbeddedIdentityProvider } from './embedded-identity-provider';
import { loadOrCreateSigningKey, SIGNING_KEY_FILE } from './signing-key-store';

const tempDir = () => mkdtempSync(join(tmpdir(), 'ringcheck-identity-'));

describeIdentityProviderContract('embedded', async () => {
  const dir = tempDir();
  const key = loadOrCreateSigningKey(dir);
  const foreign = generateKeyPairSync('ed25519').privateKey;
  return {
    provider: new EmbeddedIdentityProvider(key, { accessTokenTtlSeconds: 900 }),
    newSubject: () => `user_${randomUUID()}`,
    userIdOf: (subject) => subject,
    sign: ({ subject, expiresIn = 900, issuer = EMBEDDED_ISSUER, foreignKey, email }) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: randomUUID(), email })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .setIssuer(issuer)
        .setAudience(EMBEDDED_AUDIENCE)
        .setSubject(subject)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + expiresIn)
        .sign(foreignKey ? foreign : key.privateKey);
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('embedded identity provider', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates its signing key once, readable by the owner only, and keeps it across restarts', () => {
    const first = loadOrCreateSigningKey(dir);
    const path = join(dir, SIGNING_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSigningKey(dir);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toEqual(first.publicJwk);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ kid: first.kid, alg: 'EdDSA' });
  });

  it('publishes only the public half of the key', () => {
    const provider = new EmbeddedIdentityProvider(loadOrCreateSigningKey(dir), { accessTokenTtlSeconds: 900 });
    const [jwk] = provider.jwks().keys;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwk).not.toHaveProperty('d');
  });

  it('issues tokens that its published JWKS verifies, with the session and the profile', async () => {
    const provider = new EmbeddedIdentityProvider(loadOrCreateSigningKey(dir), { accessTokenTtlSeconds: 900 });
    const userId = `user_${randomUUID()}`;
    const sessionId = randomUUID();
    const { token, expiresIn } = await provider.issueAccessToken({ userId, sessionId, email: 'a@example.com', firstName: 'Ana', lastName: null });
    expect(expiresIn).toBe(900);
    const { payload } = await jwtVerify(token, createLocalJWKSet(provider.jwks()), { issuer: EMBEDDED_ISSUER, audience: EMBEDDED_AUDIENCE });
    expect(payload).toMatchObject({ sub: userId, sid: sessionId, email: 'a@example.com', given_name: 'Ana' });
    expect(payload.exp! - payload.iat!).toBe(900);
    await expect(provider.verifyAccessToken(token)).resolves.toMatchObject({ userId, sessionId, firstName: 'Ana', lastName: null });
  });

  it('refuses its own tokens once they expire, and tokens without a user id or session', async () => {
    let now = Date.parse('2026-11-22T10:00:00.000Z');
    const key = loadOrCreateSigningKey(dir);
    const provider = new EmbeddedIdentityProvider(key, { accessTokenTtlSeconds: 900, now: () => now });
    const { token } = await provider.issueAccessToken({ userId: `user_${randomUUID()}`, sessionId: randomUUID(), email: null, firstName: null, lastName: null });
    // Verified once (and remembered), then still refused after its expiry.
    await expect(provider.verifyAccessToken(token)).resolves.toMatchObject({ expiresAt: Math.floor(now / 1000) + 900 });
    now += 899_000;
    await expect(provider.verifyAccessToken(token)).resolves.toMatchObject({ expiresAt: expect.any(Number) });
    now += 2_000;
    await expect(provider.verifyAccessToken(token)).rejects.toMatchObject({ code: 'token_expired' });
    // A token that differs from a verified one by a single character is checked afresh.
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    now -= 2_000;
    await expect(provider.verifyAccessToken(tampered)).rejects.toMatchObject({ code: 'token_invalid' });
    now += 2_000;

    const seconds = Math.floor(now / 1000);
    const sign = (subject: string, claims: object) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .setIssuer(EMBEDDED_ISSUER)
        .setAudience(EMBEDDED_AUDIENCE)
        .setSubject(subject)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60)
        .sign(key.privateKey);
    await expect(provider.verifyAccessToken(await sign('anon_0b6c9f3e-1234-4abc-8def-0123456789ab', { sid: 's' }))).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(provider.verifyAccessToken(await sign(`user_${randomUUID()}`, {}))).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('refuses tokens for another audience', async () => {
    const key = loadOrCreateSigningKey(dir);
    const provider = new EmbeddedIdentityProvider(key, { accessTokenTtlSeconds: 900 });
    const token = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setIssuer(EMBEDDED_ISSUER)
      .setAudience('another-api')
      .setSubject(`user_${randomUUID()}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
    await expect(provider.verifyAccessToken(token)).rejects.toMatchObject({ code: 'token_invalid' });
  });
});
