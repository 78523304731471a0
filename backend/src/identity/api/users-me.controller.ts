import type { UserView } from '@ringcheck/projections';
import { Body, Controller, Delete, HttpCode, Inject, Patch, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig, usesSecureCookies } from '../../infrastructure/config';
import { Client, type ClientContext, commandContextOf } from '../../infrastructure/request';
import { ChangePasswordCommand } from '../commands/change-password.command';
import { DeleteAccountCommand } from '../commands/delete-account.command';
import { PasswordMismatchError } from '../commands/password-mismatch.error';
import { UpdateProfileCommand } from '../commands/update-profile.command';
import type { AuthenticatedUser } from '../identity-authenticator';
import { IdentityReadModels } from '../queries/identity-read-models';
import { AuthThrottle } from '../security/auth-throttle';
import { authAnswers } from './auth-answers';
import { ChangePasswordDto } from './change-password.dto';
import { DeleteAccountDto } from './delete-account.dto';
import { EmbeddedAccountsOnly } from './embedded-accounts-only.guard';
import { clearRefreshCookie } from './refresh-cookie';
import { CurrentUser, RequireUser } from './require-user.guard';
import { UpdateProfileDto } from './update-profile.dto';
import { userResponse } from './user-response';

/** Account settings. Every route acts on the token's own user only: there is no user id to name. */
@ApiTags('users')
@Controller('api/users/me')
@RequireUser()
export class UsersMeController {
  private readonly secureCookie: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly reads: IdentityReadModels,
    private readonly throttle: AuthThrottle,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.secureCookie = usesSecureCookies(appConfig);
  }

  @Patch('/')
  @ApiOperation({ summary: 'Change the signed-in user’s name; an omitted field is kept, null or empty clears it.' })
  async update(@Body() body: UpdateProfileDto, @CurrentUser() user: AuthenticatedUser, @Client() client: ClientContext): Promise<UserView> {
    const firstName = body.first_name === undefined ? user.firstName : body.first_name || null;
    const lastName = body.last_name === undefined ? user.lastName : body.last_name || null;
    await this.commands.execute(new UpdateProfileCommand(user.id, firstName, lastName, commandContextOf(client)));
    const doc = await this.reads.user(user.id);
    if (!doc) throw authAnswers.authenticationRequired();
    return userResponse(doc);
  }

  @Post('password/')
  @HttpCode(204)
  @EmbeddedAccountsOnly()
  @ApiOperation({ summary: 'Change the password; every other session of the user is signed out.' })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) response: Response,
    @Client() client: ClientContext,
  ) {
    await this.checkingPassword(user, client, response, 'current_password', () =>
      this.commands.execute(
        new ChangePasswordCommand(user.id, body.current_password, body.new_password, user.sessionId, commandContextOf(client)),
      ),
    );
  }

  @Delete('/')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete the account (password required for built-in accounts); every session ends.' })
  async remove(
    @Body() body: DeleteAccountDto,
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) response: Response,
    @Client() client: ClientContext,
  ) {
    await this.checkingPassword(user, client, response, 'password', () =>
      this.commands.execute(new DeleteAccountCommand(user.id, body.password ?? null, commandContextOf(client))),
    );
    clearRefreshCookie(response, { secure: this.secureCookie });
  }

  /** Runs a command that checks the user's password, under the same limits and slow-down as sign-in. */
  private async checkingPassword(
    user: AuthenticatedUser,
    client: ClientContext,
    response: Response,
    field: string,
    run: () => Promise<unknown>,
  ): Promise<void> {
    const account = `user:${user.id}`;
    const decision = await this.throttle.attempt(account, client.ip);
    if (!decision.allowed) {
      response.setHeader('Retry-After', decision.retryAfterSeconds);
      throw authAnswers.rateLimited(decision.retryAfterSeconds);
    }
    await this.throttle.slowDown(account, client.ip);
    try {
      await run();
    } catch (error) {
      if (!(error instanceof PasswordMismatchError)) throw error;
      await this.throttle.recordFailure(account, client.ip);
      throw authAnswers.wrongPassword(field);
    }
    await this.throttle.recordSuccess(account, client.ip);
  }
}
