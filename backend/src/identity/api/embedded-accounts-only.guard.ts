import { applyDecorators, type CanActivate, Inject, Injectable, UseGuards } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config';
import { authAnswers } from './auth-answers';

/** With a hosted provider, the built-in password endpoints do not exist: 404 not_available, before validation. */
@Injectable()
export class EmbeddedAccountsOnlyGuard implements CanActivate {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  canActivate(): boolean {
    if (this.config.provider !== 'embedded') throw authAnswers.notAvailable();
    return true;
  }
}

export const EmbeddedAccountsOnly = () => applyDecorators(UseGuards(EmbeddedAccountsOnlyGuard));
