import { randomUUID } from 'node:crypto';
import type { PortHealth } from '@ringcheck/projections';
import { jwtVerify, type JSONWebKeySet, type JWTPayload, SignJWT } from 'jose';
import { isId } from '../../../infrastructure/ids';
import type { AccessTokenClaims, AccessTokenIssuer, IssuedAccessToken } from '../../ports/access-token-issuer';
import { AuthError } from '../../ports/auth.error';
import type { IdentityProvider, VerifiedIdentity } from '../../ports/identity-provider';
import { assertTokenShape, authErrorFrom, stringClaim } from '../jwt-errors';
import { VerifiedTokenCache } from '../verified-token-cache';
import { SIGNING_ALGORITHM, type SigningKey } from './signing-key-store';

export const EMBEDDED_ISSUER = 'ringcheck';
export const EMBEDDED_AUDIENCE = 'ringcheck-api';

export interface EmbeddedIdentityProviderOptions {
  accessTokenTtlSeconds: number;
  /** Epoch milliseconds; tests move it. */
  now?: () => number;
}

/** Built-in accounts: access tokens signed with the app's own Ed25519 key and verified with it. */
export class EmbeddedIdentityProvider implements IdentityProvider, AccessTokenIssuer {
  readonly adapterName = 'embedded' as const;
  private readonly now: () => number;
  private readonly verified: VerifiedTokenCache;

  constructor(
    private readonly key: SigningKey,
    private readonly options: EmbeddedIdentityProviderOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.verified = new VerifiedTokenCache(() => this.now());
  }

  async issueAccessToken(claims: AccessTokenClaims): Promise<IssuedAccessToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    const token = await new SignJWT({
      sid: claims.sessionId,
      email: claims.email ?? undefined,
      given_name: claims.firstName ?? undefined,
      family_name: claims.lastName ?? undefined,
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.key.kid, typ: 'JWT' })
      .setIssuer(EMBEDDED_ISSUER)
      .setAudience(EMBEDDED_AUDIENCE)
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.options.accessTokenTtlSeconds)
      .sign(this.key.privateKey);
    return { token, expiresIn: this.options.accessTokenTtlSeconds };
  }

  jwks(): JSONWebKeySet {
    return { keys: [this.key.publicJwk] };
  }

  async verifyAccessToken(token: string): Promise<VerifiedIdentity> {
    const known = this.verified.get(token);
    if (known) return known;
    const identity = await this.verify(token);
    this.verified.set(token, identity);
    return identity;
  }

  private async verify(token: string): Promise<VerifiedIdentity> {
    assertTokenShape(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer: EMBEDDED_ISSUER,
        audience: EMBEDDED_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      throw authErrorFrom(error);
    }
    const userId = payload.sub!;
    const sessionId = stringClaim(payload.sid);
    if (!isId(userId, 'user_') || !userId.startsWith('user_') || !sessionId) {
      throw new AuthError('token_invalid', 'The access token does not name a user session.');
    }
    return {
      userId,
      externalSubject: userId,
      email: stringClaim(payload.email),
      firstName: stringClaim(payload.given_name),
      lastName: stringClaim(payload.family_name),
      sessionId,
      issuedAt: payload.iat!,
      expiresAt: payload.exp!,
    };
  }

  async health(): Promise<PortHealth> {
    return { adapter: this.adapterName, state: 'up', detail: `signing key ${this.key.kid}` };
  }
}
