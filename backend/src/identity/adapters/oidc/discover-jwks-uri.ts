import { IdentityProviderUnavailableError } from '../../ports/identity-provider-unavailable.error';

/** Reads `jwks_uri` from the issuer's OpenID Connect discovery document, checking it names the same issuer. */
export async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<string> {
  const url = `${issuer}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new IdentityProviderUnavailableError(`${url} could not be reached (${(error as Error).message}).`);
  }
  if (!response.ok) throw new IdentityProviderUnavailableError(`${url} answered ${response.status}.`);
  const document = (await response.json().catch(() => null)) as { issuer?: unknown; jwks_uri?: unknown } | null;
  if (!document || typeof document.jwks_uri !== 'string') {
    throw new IdentityProviderUnavailableError(`${url} has no jwks_uri.`);
  }
  if (typeof document.issuer === 'string' && document.issuer.replace(/\/+$/, '') !== issuer) {
    throw new IdentityProviderUnavailableError(`${url} names another issuer (${document.issuer}).`);
  }
  return document.jwks_uri;
}
