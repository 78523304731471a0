import type { PortHealth } from '@ringcheck/projections';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify, type RemoteJWKSet } from 'jose';
import { idFromName } from '../../../infrastructure/ids';
import { AuthError } from '../../ports/auth.error';
import { IdentityProviderUnavailableError } from '../../ports/identity-provider-unavailable.error';
import type { IdentityProvider, VerifiedIdentity } from '../../ports/identity-provider';
import { assertTokenShape, authErrorFrom, stringClaim } from '../jwt-errors';
import type { ClerkUserProfiles } from './clerk-user-profiles';
import { discoverJwksUri } from './discover-jwks-uri';

export const HOSTED_ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 5;

export interface HostedIdentityProviderOptions {
  /** No trailing slash; tokens must carry exactly this `iss`. */
  issuer: string;
  /** 'clerk': keys at <issuer>/.well-known/jwks.json; 'oidc': `jwks_uri` of the discovery document. */
  jwksDiscovery: 'clerk' | 'oidc';
  audience?: string;
  /** When not empty, the token's `azp` must be one of these. */
  authorizedParties?: readonly string[];
  /** Reads e-mail and names the token does not carry (Clerk secret key set). */
  profiles?: ClerkUserProfiles;
  /** Epoch milliseconds; tests move it. */
  now?: () => number;
  timeoutMs?: number;
}

/** Our user id for a hosted provider's subject: the same subject always maps to the same user. */
export function userIdForSubject(subject: string): string {
  return idFromName('user_', `clerk:${subject}`);
}

/**
 * Clerk or any OIDC issuer: bearer tokens (RS256/ES256) verified against the issuer's JWKS, which is
 * fetched once, cached, and fetched again when a token names a key it does not hold.
 */
export class HostedIdentityProvider implements IdentityProvider {
  readonly adapterName = 'clerk' as const;
  private keySet: Promise<RemoteJWKSet> | null = null;
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly options: HostedIdentityProviderOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  get issuer(): string {
    return this.options.issuer;
  }

  async verifyAccessToken(token: string): Promise<VerifiedIdentity> {
    assertTokenShape(token);
    const keys = await this.keys();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: HOSTED_ALGORITHMS,
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (isKeyFetchFailure(error)) throw new IdentityProviderUnavailableError(`The sign-in provider's keys could not be fetched: ${(error as Error).message}`);
      throw authErrorFrom(error);
    }
    this.checkAuthorizedParty(payload);
    const subject = payload.sub!;
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : Math.floor(this.now() / 1000);
    return {
      userId: userIdForSubject(subject),
      externalSubject: subject,
      email: stringClaim(payload.email),
      firstName: stringClaim(payload.given_name) ?? stringClaim(payload.first_name),
      lastName: stringClaim(payload.family_name) ?? stringClaim(payload.last_name),
      sessionId: null,
      issuedAt,
      expiresAt: payload.exp!,
    };
  }

  /** The identity completed from the provider's user record when the token lacks e-mail or names. */
  async withProfile(identity: VerifiedIdentity): Promise<VerifiedIdentity> {
    if (!this.options.profiles || identity.email) return identity;
    const profile = await this.options.profiles.lookup(identity.externalSubject);
    if (!profile) return identity;
    return {
      ...identity,
      email: profile.email ?? identity.email,
      firstName: identity.firstName ?? profile.firstName,
      lastName: identity.lastName ?? profile.lastName,
    };
  }

  async health(): Promise<PortHealth> {
    try {
      const keys = await this.keys();
      if (!keys.fresh) await keys.reload();
      const count = keys.jwks()?.keys.length ?? 0;
      return { adapter: this.adapterName, state: count > 0 ? 'up' : 'degraded', detail: `${this.options.issuer} (${count} keys)` };
    } catch (error) {
      return { adapter: this.adapterName, state: 'down', detail: `${this.options.issuer}: ${(error as Error).message}` };
    }
  }

  private checkAuthorizedParty(payload: JWTPayload): void {
    const parties = this.options.authorizedParties ?? [];
    if (parties.length === 0) return;
    const azp = stringClaim(payload.azp)?.replace(/\/+$/, '');
    if (!azp || !parties.includes(azp)) {
      throw new AuthError('token_invalid', 'The access token was issued for another application.');
    }
  }

  private keys(): Promise<RemoteJWKSet> {
    if (!this.keySet) {
      this.keySet = this.jwksUri().then((uri) =>
        createRemoteJWKSet(new URL(uri), { timeoutDuration: this.timeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }),
      );
      // A failed discovery is retried by the next request rather than remembered.
      this.keySet.catch(() => {
        this.keySet = null;
      });
    }
    return this.keySet.catch((error: Error) => {
      throw error instanceof IdentityProviderUnavailableError ? error : new IdentityProviderUnavailableError(error.message);
    });
  }

  private async jwksUri(): Promise<string> {
    if (this.options.jwksDiscovery === 'clerk') return `${this.options.issuer}/.well-known/jwks.json`;
    return discoverJwksUri(this.options.issuer, this.timeoutMs);
  }
}

/** The JWKS could not be fetched or read: the provider is unreachable, the token is not at fault. */
function isKeyFetchFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (!(error instanceof errors.JOSEError)) return !(error instanceof AuthError);
  return error.code === 'ERR_JOSE_GENERIC';
}
