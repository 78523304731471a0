import { applyDecorators, type CanActivate, createParamDecorator, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../identity-authenticator';
import { authAnswers } from './auth-answers';
import type { AuthenticatedRequest } from './authentication.middleware';

/** Refuses anonymous callers with 401 authentication_required. */
@Injectable()
export class RequireUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<AuthenticatedRequest>().user) throw authAnswers.authenticationRequired();
    return true;
  }
}

/** Marks a route (or a controller) as for signed-in users only. */
export const RequireUser = () => applyDecorators(UseGuards(RequireUserGuard), ApiBearerAuth());

/** The signed-in user of a `@RequireUser()` route. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest<AuthenticatedRequest>().user!,
);
