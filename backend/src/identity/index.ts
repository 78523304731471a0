export { IdentityModule } from './identity.module';
export { IdentityAuthenticator, type AuthenticatedUser } from './identity-authenticator';
export { IDENTITY_CONFIG, IDENTITY_CONFIG_VARIABLES, loadIdentityConfig, type IdentityConfig } from './identity-config';
export { IDENTITY_PROVIDER, type IdentityProvider, type VerifiedIdentity } from './ports/identity-provider';
export { AuthError, type AuthErrorCode } from './ports/auth.error';
export { IdentityProviderUnavailableError } from './ports/identity-provider-unavailable.error';
export { CurrentUser, RequireUser, RequireUserGuard } from './api/require-user.guard';
export type { AuthenticatedRequest } from './api/authentication.middleware';
