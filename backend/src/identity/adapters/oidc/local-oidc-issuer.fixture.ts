import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { type JWK, type JWTPayload, SignJWT } from 'jose';

export interface LocalIssuerToken {
  subject: string;
  claims?: JWTPayload;
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  issuer?: string;
  /** Sign with a key the issuer never published (under a published kid). */
  foreignKey?: boolean;
}

/**
 * A stand-in for Clerk or an OIDC issuer on 127.0.0.1: serves the discovery document, the JWKS and
 * Clerk's GET /v1/users/{id}, and signs tokens with its own freshly generated key, for specs.
 */
export class LocalOidcIssuer {
  readonly users = new Map<string, { first_name: string | null; last_name: string | null; email: string }>();
  jwksRequests = 0;
  private readonly kid = randomUUID();
  private readonly privateKey: KeyObject;
  private readonly publicJwk: JWK;
  private readonly foreignKey: KeyObject;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly algorithm: 'RS256' | 'ES256',
  ) {
    const generate = () =>
      algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pair = generate();
    this.privateKey = pair.privateKey;
    this.publicJwk = { ...(pair.publicKey.export({ format: 'jwk' }) as JWK), kid: this.kid, alg: algorithm, use: 'sig' };
    this.foreignKey = generate().privateKey;
  }

  static async start(algorithm: 'RS256' | 'ES256' = 'RS256'): Promise<LocalOidcIssuer> {
    let issuer: LocalOidcIssuer | undefined;
    const server = createServer((request, response) => issuer!.answer(request.url ?? '/', request.headers.authorization, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    issuer = new LocalOidcIssuer(server, `http://127.0.0.1:${port}`, algorithm);
    return issuer;
  }

  /** Secret key the stand-in's Backend API accepts. */
  readonly secretKey = 'sk_test_localstandin';

  async sign(token: LocalIssuerToken): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...token.claims })
      .setProtectedHeader({ alg: this.algorithm, kid: this.kid, typ: 'JWT' })
      .setIssuer(token.issuer ?? this.url)
      .setSubject(token.subject)
      .setIssuedAt(now - 10)
      .setNotBefore(now - 10)
      .setExpirationTime(now + (token.expiresIn ?? 300))
      .sign(token.foreignKey ? this.foreignKey : this.privateKey);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(path: string, authorization: string | undefined, response: import('node:http').ServerResponse): void {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      return json(200, { issuer: this.url, jwks_uri: `${this.url}/oauth/keys`, id_token_signing_alg_values_supported: [this.algorithm] });
    }
    if (path === '/.well-known/jwks.json' || path === '/oauth/keys') {
      this.jwksRequests += 1;
      return json(200, { keys: [this.publicJwk] });
    }
    const user = /^\/v1\/users\/([^/?]+)$/.exec(path);
    if (user) {
      if (authorization !== `Bearer ${this.secretKey}`) return json(401, { errors: [{ code: 'authentication_invalid' }] });
      const found = this.users.get(decodeURIComponent(user[1]));
      if (!found) return json(404, { errors: [{ code: 'resource_not_found' }] });
      return json(200, {
        id: user[1],
        first_name: found.first_name,
        last_name: found.last_name,
        primary_email_address_id: 'idn_1',
        email_addresses: [{ id: 'idn_1', email_address: found.email }],
      });
    }
    json(404, { error: 'not_found' });
  }
}
