import { applyDecorators, type CanActivate, type ExecutionContext, Inject, Injectable, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type ProjectionRunner, usersProjection } from '@ringcheck/projections';
import type { AuthenticatedRequest } from '../../identity';
import { authAnswers } from '../../identity/api/auth-answers';
import { ApiException } from '../../infrastructure/http';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

/**
 * Signed-out callers get 401, signed-in users without the analyst role 403. The role is read from the
 * users read model on every request, so a revocation holds at once, whatever the access token says.
 */
@Injectable()
export class AnalystGuard implements CanActivate {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) throw authAnswers.authenticationRequired();
    const account = await this.runner.collection(usersProjection).findOne({ _id: user.id });
    if (!account?.roles?.includes('analyst')) {
      throw new ApiException(403, {
        error: 'analyst_role_required',
        detail: 'The conversion report is for analysts: this account does not have the analyst role.',
        user_message: 'This page is for analysts. Ask an administrator to give your account the analyst role.',
      });
    }
    return true;
  }
}

/** Marks a route as for signed-in analysts only. */
export const RequireAnalyst = () =>
  applyDecorators(
    UseGuards(AnalystGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not signed in.' }),
    ApiForbiddenResponse({ description: 'Signed in without the analyst role.' }),
  );
