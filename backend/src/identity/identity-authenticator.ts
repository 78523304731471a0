import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UserDocument } from '@ringcheck/projections';
import type { CommandContext } from '../infrastructure/event-sourcing';
import { RecordHostedSignInCommand } from './commands/record-hosted-sign-in.command';
import { TOKEN_SIGN_IN_INTERVAL_MS } from './domain/user.decider';
import { HostedIdentityProvider } from './adapters/oidc/hosted-identity-provider';
import { AuthError } from './ports/auth.error';
import { IDENTITY_PROVIDER, type IdentityProvider, type VerifiedIdentity } from './ports/identity-provider';
import { IdentityReadModels } from './queries/identity-read-models';

/** Who a request or socket belongs to, once its bearer token is accepted (set as `request.user`). */
export interface AuthenticatedUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  provider: 'embedded' | 'clerk';
  /** The built-in session family of the token; null for a hosted provider's token. */
  sessionId: string | null;
  /** When the token stops being accepted (epoch seconds). */
  expiresAt: number;
}

/**
 * Turns a bearer token into the signed-in user: the provider verifies it, then the account must exist
 * and not be deleted, and a built-in token's session must not have ended (sign-out, password change).
 */
@Injectable()
export class IdentityAuthenticator {
  constructor(
    @Inject(IDENTITY_PROVIDER) private readonly provider: IdentityProvider,
    private readonly reads: IdentityReadModels,
    private readonly commands: CommandBus,
  ) {}

  /**
   * The user of an `Authorization: Bearer <token>` header; null without one (or a blank one). Throws
   * as {@link authenticate} does, and {@link AuthError} for a header of another form.
   */
  async fromAuthorization(header: string | undefined, context: CommandContext): Promise<AuthenticatedUser | null> {
    if (header === undefined || header.trim() === '') return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new AuthError('token_invalid', 'The Authorization header must be "Bearer <token>".');
    return this.authenticate(match[1], context);
  }

  /** Throws {@link AuthError} (401) or IdentityProviderUnavailableError (503). */
  async authenticate(token: string, context: CommandContext): Promise<AuthenticatedUser> {
    const identity = await this.provider.verifyAccessToken(token);
    let user = await this.reads.userToCheck(identity.userId);
    if (this.provider instanceof HostedIdentityProvider) user = await this.recordHostedSignIn(this.provider, identity, user, context);
    if (!user) throw new AuthError('token_invalid', 'The account this token belongs to does not exist.');
    if (user.deleted) throw new AuthError('token_invalid', 'The account this token belongs to has been deleted.');
    if (!(await this.sessionHolds(identity.sessionId, user.id))) throw new AuthError('token_invalid', 'This session has ended. Please sign in again.');
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      provider: user.provider,
      sessionId: identity.sessionId,
      expiresAt: identity.expiresAt,
    };
  }

  /**
   * Whether a sign-in accepted earlier still holds now: the account exists and is not deleted, the
   * built-in session has not ended and the token has not expired (`expiresAt` in epoch milliseconds).
   */
  async stillSignedIn(userId: string, sessionId: string | null, expiresAt: number | null): Promise<boolean> {
    if (expiresAt !== null && expiresAt <= Date.now()) return false;
    const user = await this.reads.userToCheck(userId);
    return user !== null && !user.deleted && (await this.sessionHolds(sessionId, userId));
  }

  private async sessionHolds(sessionId: string | null, userId: string): Promise<boolean> {
    if (!sessionId) return true;
    const session = await this.reads.sessionToCheck(sessionId);
    return session !== null && !session.revoked && session.userId === userId;
  }

  /** For the realtime gateway's handshake (`auth.token`): the user, or null for a missing or refused token. */
  async verifySocketToken(token: unknown): Promise<AuthenticatedUser | null> {
    if (typeof token !== 'string' || token === '') return null;
    try {
      return await this.authenticate(token, { actor: null, correlationId: `socket-${Date.now()}` });
    } catch {
      return null;
    }
  }

  private async recordHostedSignIn(
    provider: HostedIdentityProvider,
    identity: VerifiedIdentity,
    user: UserDocument | null,
    context: CommandContext,
  ): Promise<UserDocument | null> {
    if (user?.deleted) return user;
    const recent = user?.lastSignInAt && Date.now() - Date.parse(user.lastSignInAt) < TOKEN_SIGN_IN_INTERVAL_MS;
    if (user && recent) return user;
    const complete = user ? identity : await provider.withProfile(identity);
    await this.commands.execute(new RecordHostedSignInCommand(complete, user !== null, context));
    return this.reads.user(identity.userId);
  }
}
