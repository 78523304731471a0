import type { JSONWebKeySet } from 'jose';

export interface AccessTokenClaims {
  userId: string;
  /** The session family the token belongs to. */
  sessionId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface IssuedAccessToken {
  token: string;
  /** Seconds. */
  expiresIn: number;
}

/** Signs access tokens with the app's own key and publishes the public half. Embedded provider only. */
export interface AccessTokenIssuer {
  issueAccessToken(claims: AccessTokenClaims): Promise<IssuedAccessToken>;
  jwks(): JSONWebKeySet;
}

/** Injection token: the issuer, or null when a hosted provider signs the tokens. */
export const ACCESS_TOKEN_ISSUER = Symbol('ACCESS_TOKEN_ISSUER');
