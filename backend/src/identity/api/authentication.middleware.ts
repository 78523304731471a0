import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { clientContextOf, commandContextOf } from '../../infrastructure/request';
import { type AuthenticatedUser, IdentityAuthenticator } from '../identity-authenticator';
import { AuthError } from '../ports/auth.error';
import { IdentityProviderUnavailableError } from '../ports/identity-provider-unavailable.error';
import { authAnswers } from './auth-answers';

export type AuthenticatedRequest = Request & { user?: AuthenticatedUser };

/**
 * Reads `Authorization: Bearer <token>` on every API request. A valid token sets `request.user`;
 * a token that is present but refused answers 401 on any route (so the web app refreshes it);
 * no token leaves the request anonymous.
 */
@Injectable()
export class AuthenticationMiddleware implements NestMiddleware {
  constructor(private readonly authenticator: IdentityAuthenticator) {}

  async use(request: AuthenticatedRequest, response: Response, next: NextFunction): Promise<void> {
    try {
      const user = await this.authenticator.fromAuthorization(request.headers.authorization, commandContextOf(clientContextOf(request)));
      if (user) request.user = user;
    } catch (error) {
      if (error instanceof AuthError) {
        response.setHeader('WWW-Authenticate', `Bearer error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`);
        return next(authAnswers.token(error));
      }
      if (error instanceof IdentityProviderUnavailableError) return next(authAnswers.providerUnavailable());
      return next(error);
    }
    next();
  }
}
