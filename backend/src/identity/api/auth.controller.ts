import type { AuthConfigView, SessionView, UserView } from '@ringcheck/projections';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig, usesSecureCookies } from '../../infrastructure/config';
import { DomainError } from '../../infrastructure/event-sourcing';
import { Client, type ClientContext, commandContextOf } from '../../infrastructure/request';
import type { StartedSession } from '../commands/new-session';
import { PasswordMismatchError } from '../commands/password-mismatch.error';
import { type RefreshOutcome, RefreshSessionCommand } from '../commands/refresh-session.command';
import { SignInCommand } from '../commands/sign-in.command';
import { SignOutCommand } from '../commands/sign-out.command';
import { SignUpCommand } from '../commands/sign-up.command';
import { normalizeEmail } from '../domain/email-address';
import { SessionRefusedError } from '../domain/session-refused.error';
import type { AuthenticatedUser } from '../identity-authenticator';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config';
import { ACCESS_TOKEN_ISSUER, type AccessTokenIssuer } from '../ports/access-token-issuer';
import { IdentityReadModels } from '../queries/identity-read-models';
import { AuthThrottle } from '../security/auth-throttle';
import { authAnswers } from './auth-answers';
import type { AuthenticatedRequest } from './authentication.middleware';
import { EmbeddedAccountsOnly } from './embedded-accounts-only.guard';
import { clearRefreshCookie, type RefreshCookieOptions, refreshTokenOf, setRefreshCookie } from './refresh-cookie';
import { CurrentUser, RequireUser } from './require-user.guard';
import { SignInDto } from './sign-in.dto';
import { SignUpDto } from './sign-up.dto';
import { userResponse } from './user-response';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  private readonly cookie: RefreshCookieOptions;

  constructor(
    private readonly commands: CommandBus,
    private readonly reads: IdentityReadModels,
    private readonly throttle: AuthThrottle,
    @Inject(ACCESS_TOKEN_ISSUER) private readonly issuer: AccessTokenIssuer | null,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.cookie = { secure: usesSecureCookies(appConfig) };
  }

  @Post('sign-up/')
  @HttpCode(201)
  @EmbeddedAccountsOnly()
  @ApiOperation({ summary: 'Create an account with e-mail and password; answers an access token and sets the refresh cookie.' })
  async signUp(@Body() body: SignUpDto, @Res({ passthrough: true }) response: Response, @Client() client: ClientContext): Promise<SessionView> {
    await this.countAttempt(normalizeEmail(body.email), client, response);
    let started: StartedSession;
    try {
      started = await this.commands.execute(
        new SignUpCommand(
          { email: body.email, password: body.password, firstName: body.first_name || null, lastName: body.last_name || null },
          commandContextOf(client),
        ),
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'email_taken') throw authAnswers.emailTaken();
      throw error;
    }
    return this.sessionAnswer(started.userId, started.familyId, response, started);
  }

  @Post('sign-in/')
  @HttpCode(200)
  @EmbeddedAccountsOnly()
  @ApiOperation({ summary: 'Sign in with e-mail and password; answers an access token and sets the refresh cookie.' })
  async signIn(@Body() body: SignInDto, @Res({ passthrough: true }) response: Response, @Client() client: ClientContext): Promise<SessionView> {
    const account = normalizeEmail(body.email);
    await this.countAttempt(account, client, response);
    await this.throttle.slowDown(account, client.ip);
    let started: StartedSession;
    try {
      started = await this.commands.execute(new SignInCommand(body.email, body.password, commandContextOf(client)));
    } catch (error) {
      if (error instanceof PasswordMismatchError || (error instanceof SessionRefusedError && error.reason === 'account_deleted')) {
        await this.throttle.recordFailure(account, client.ip);
        throw authAnswers.invalidCredentials();
      }
      throw error;
    }
    await this.throttle.recordSuccess(account, client.ip);
    return this.sessionAnswer(started.userId, started.familyId, response, started);
  }

  @Post('refresh/')
  @HttpCode(200)
  @EmbeddedAccountsOnly()
  @ApiOperation({ summary: 'Trade the refresh cookie for a new access token; the refresh token rotates.' })
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response, @Client() client: ClientContext): Promise<SessionView> {
    const token = refreshTokenOf(request);
    if (!token) {
      // A session hint whose refresh cookie expired: clear it, so the web app stops asking.
      clearRefreshCookie(response, this.cookie);
      throw authAnswers.refresh('refresh_token_missing', 'No refresh token was sent. Please sign in.');
    }
    let outcome: RefreshOutcome;
    try {
      outcome = await this.commands.execute(new RefreshSessionCommand(token, commandContextOf(client)));
    } catch (error) {
      if (!(error instanceof SessionRefusedError)) throw error;
      clearRefreshCookie(response, this.cookie);
      throw authAnswers.refresh(error.reason, error.message);
    }
    return this.sessionAnswer(outcome.userId, outcome.familyId, response, outcome.rotated ? outcome : null);
  }

  @Post('sign-out/')
  @HttpCode(204)
  @ApiOperation({ summary: 'End this session: the refresh token is revoked and the cookie cleared.' })
  async signOut(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response, @Client() client: ClientContext) {
    const user = request.user;
    const accessTokenSession = user?.sessionId ? { userId: user.id, familyId: user.sessionId } : null;
    await this.commands.execute(new SignOutCommand(refreshTokenOf(request), accessTokenSession, commandContextOf(client)));
    clearRefreshCookie(response, this.cookie);
  }

  @Get('me/')
  @RequireUser()
  @ApiOperation({ summary: 'The signed-in user.' })
  async me(@CurrentUser() user: AuthenticatedUser): Promise<UserView> {
    const doc = await this.reads.user(user.id);
    if (!doc) throw authAnswers.authenticationRequired();
    return userResponse(doc);
  }

  @Get('config/')
  @ApiOperation({ summary: 'How the web app signs people in: built-in accounts or the hosted provider.' })
  authConfig(): AuthConfigView {
    if (this.config.provider === 'embedded') return { provider: 'embedded' as const };
    return {
      provider: 'clerk' as const,
      ...(this.config.clerkPublishableKey ? { clerk_publishable_key: this.config.clerkPublishableKey } : { issuer: this.config.issuer }),
    };
  }

  @Get('jwks/')
  @ApiOperation({ summary: 'Public keys that verify the access tokens this server issues (JWKS).' })
  jwks(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'public, max-age=300');
    return this.issuer?.jwks() ?? { keys: [] };
  }

  /** Counts a sign-in or sign-up attempt against the account and the address; 429 past any limit. */
  private async countAttempt(account: string, client: ClientContext, response: Response): Promise<void> {
    const decision = await this.throttle.attempt(account, client.ip);
    if (decision.allowed) return;
    response.setHeader('Retry-After', decision.retryAfterSeconds);
    throw authAnswers.rateLimited(decision.retryAfterSeconds);
  }

  private async sessionAnswer(
    userId: string,
    familyId: string,
    response: Response,
    refresh: { refreshToken: string; expiresAt: string } | null,
  ): Promise<SessionView> {
    const user = await this.reads.user(userId);
    if (!user || user.deleted || !this.issuer) throw authAnswers.refresh('account_deleted', 'This account no longer exists.');
    const { token, expiresIn } = await this.issuer.issueAccessToken({
      userId,
      sessionId: familyId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
    if (refresh) setRefreshCookie(response, refresh.refreshToken, refresh.expiresAt, this.cookie);
    response.setHeader('Cache-Control', 'no-store');
    return { user: userResponse(user), access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
  }
}
