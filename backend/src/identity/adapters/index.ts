export { createIdentityProvider, type CreateIdentityProviderOptions } from './create-identity-provider';
export { EmbeddedIdentityProvider, EMBEDDED_AUDIENCE, EMBEDDED_ISSUER } from './embedded/embedded-identity-provider';
export { loadOrCreateSigningKey, SIGNING_KEY_FILE, type SigningKey } from './embedded/signing-key-store';
export { HostedIdentityProvider, userIdForSubject } from './oidc/hosted-identity-provider';
