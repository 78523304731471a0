import type { PortHealth } from '@ringcheck/projections';

/** Who a valid bearer token belongs to. */
export interface VerifiedIdentity {
  /** Our id: `user_<uuid>`. */
  userId: string;
  /** The token's `sub` (our own user id for embedded tokens, the hosted provider's id otherwise). */
  externalSubject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The built-in session family the token was issued for (`sid`); null for hosted tokens. */
  sessionId: string | null;
  /** Epoch seconds. */
  issuedAt: number;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * The auth port: verifies bearer tokens. Embedded default: tokens the app signs itself; real engine:
 * Clerk or any OIDC issuer, verified against its JWKS. Both pass `identity-provider.contract.ts`.
 */
export interface IdentityProvider {
  readonly adapterName: 'embedded' | 'clerk';
  /** Throws {@link AuthError} for a missing, malformed, forged or expired token. */
  verifyAccessToken(token: string): Promise<VerifiedIdentity>;
  health(): Promise<PortHealth>;
}

export const IDENTITY_PROVIDER = Symbol('IDENTITY_PROVIDER');
