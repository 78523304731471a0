import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { APP_LOGGER } from '../infrastructure/logging';
import { createIdentityProvider } from './adapters/create-identity-provider';
import { EmbeddedIdentityProvider } from './adapters/embedded/embedded-identity-provider';
import { AuthController } from './api/auth.controller';
import { AuthenticationMiddleware } from './api/authentication.middleware';
import { EmbeddedAccountsOnlyGuard } from './api/embedded-accounts-only.guard';
import { JwksController } from './api/jwks.controller';
import { RequireUserGuard } from './api/require-user.guard';
import { UsersMeController } from './api/users-me.controller';
import { ChangePasswordHandler } from './commands/change-password.command';
import { DeleteAccountHandler } from './commands/delete-account.command';
import { RecordHostedSignInHandler } from './commands/record-hosted-sign-in.command';
import { RefreshSessionHandler } from './commands/refresh-session.command';
import { SignInHandler } from './commands/sign-in.command';
import { SignOutHandler } from './commands/sign-out.command';
import { SignUpHandler } from './commands/sign-up.command';
import { UpdateProfileHandler } from './commands/update-profile.command';
import { IdentityAuthenticator } from './identity-authenticator';
import { IDENTITY_CONFIG, type IdentityConfig, loadIdentityConfig } from './identity-config';
import { ACCESS_TOKEN_ISSUER } from './ports/access-token-issuer';
import { IDENTITY_PROVIDER, type IdentityProvider } from './ports/identity-provider';
import { IdentityReadModels } from './queries/identity-read-models';
import { LIMITER_FACTORY, type LimiterFactory } from '../infrastructure/limits';
import { AuthThrottle } from './security/auth-throttle';
import { PasswordHasher } from './security/password-hasher';

/**
 * Accounts and sign-in. Import it once in the app module: its middleware sets `request.user` for every
 * /api request that carries a valid bearer token, and `@RequireUser()` keeps routes to signed-in users.
 */
@Module({
  imports: [CqrsModule],
  controllers: [AuthController, UsersMeController, JwksController],
  providers: [
    { provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() },
    {
      provide: IDENTITY_PROVIDER,
      inject: [IDENTITY_CONFIG, APP_CONFIG, { token: APP_LOGGER, optional: true }],
      useFactory: (config: IdentityConfig, app: AppConfig, logger?: Logger) =>
        createIdentityProvider(config, { dataDir: app.dataDir, warn: (message) => logger?.warn({ component: 'identity' }, message) }),
    },
    {
      provide: ACCESS_TOKEN_ISSUER,
      inject: [IDENTITY_PROVIDER],
      useFactory: (provider: IdentityProvider) => (provider instanceof EmbeddedIdentityProvider ? provider : null),
    },
    {
      provide: AuthThrottle,
      inject: [IDENTITY_CONFIG, { token: LIMITER_FACTORY, optional: true }],
      useFactory: (config: IdentityConfig, makeLimiter?: LimiterFactory) =>
        new AuthThrottle({
          perAccountAndAddress: config.rateLimitPerAccountAndAddress,
          perAccount: config.rateLimitPerAccount,
          perAddress: config.rateLimitPerAddress,
          makeLimiter,
        }),
    },
    PasswordHasher,
    IdentityReadModels,
    IdentityAuthenticator,
    RequireUserGuard,
    EmbeddedAccountsOnlyGuard,
    SignUpHandler,
    SignInHandler,
    RefreshSessionHandler,
    SignOutHandler,
    UpdateProfileHandler,
    ChangePasswordHandler,
    DeleteAccountHandler,
    RecordHostedSignInHandler,
  ],
  exports: [IDENTITY_CONFIG, IDENTITY_PROVIDER, IdentityAuthenticator, RequireUserGuard],
})
export class IdentityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuthenticationMiddleware).forRoutes({ path: 'api/*path', method: RequestMethod.ALL });
  }
}
