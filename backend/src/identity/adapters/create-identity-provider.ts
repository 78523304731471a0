import type { IdentityConfig } from '../identity-config';
import type { IdentityProvider } from '../ports/identity-provider';
import { EmbeddedIdentityProvider } from './embedded/embedded-identity-provider';
import { loadOrCreateSigningKey } from './embedded/signing-key-store';
import { ClerkUserProfiles } from './oidc/clerk-user-profiles';
import { HostedIdentityProvider } from './oidc/hosted-identity-provider';

export interface CreateIdentityProviderOptions {
  dataDir: string;
  /** Where a failed Clerk profile lookup is reported. */
  warn?: (message: string) => void;
}

/** The hosted provider when Clerk or an OIDC issuer is configured, else the built-in accounts. */
export function createIdentityProvider(config: IdentityConfig, options: CreateIdentityProviderOptions): IdentityProvider {
  if (config.provider === 'clerk' && config.issuer && config.jwksDiscovery) {
    return new HostedIdentityProvider({
      issuer: config.issuer,
      jwksDiscovery: config.jwksDiscovery,
      audience: config.audience,
      authorizedParties: config.authorizedParties,
      profiles: config.clerkSecretKey ? new ClerkUserProfiles(config.clerkApiUrl, config.clerkSecretKey, options.warn) : undefined,
    });
  }
  return new EmbeddedIdentityProvider(loadOrCreateSigningKey(options.dataDir), { accessTokenTtlSeconds: config.accessTokenTtlSeconds });
}
