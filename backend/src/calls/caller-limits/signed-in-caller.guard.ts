import { type CanActivate, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../../infrastructure/http';
import { clientContextOf } from '../../infrastructure/request';

/** Refuses visitors who are not signed in with 401, telling them an account unlocks the route. */
@Injectable()
export class SignedInCallerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (clientContextOf(context.switchToHttp().getRequest<Request>()).userId) return true;
    throw new ApiException(401, {
      error: 'authentication_required',
      detail: 'Test calls to any phone number are for signed-in users.',
      user_message: 'Sign in or create a free account to call any phone number.',
      signup_required: true,
    });
  }
}

/** Marks a handler that places calls to numbers no search found: signed-in users only. */
export const SignedInCallersOnly = () => UseGuards(SignedInCallerGuard);
