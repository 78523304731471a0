import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { normalizeEmail } from '../domain/email-address';
import { userDecider, userStream } from '../domain/user.decider';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config';
import { IdentityReadModels } from '../queries/identity-read-models';
import { PasswordHasher } from '../security/password-hasher';
import { newSession, type StartedSession } from './new-session';
import { PasswordMismatchError } from './password-mismatch.error';

export class SignInCommand extends Command<StartedSession> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Checks an e-mail and password and opens a session. An unknown e-mail costs as much as a wrong password. */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly hasher: PasswordHasher,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ email, password, context }: SignInCommand): Promise<StartedSession> {
    const credentials = await this.reads.credentialsByEmail(normalizeEmail(email));
    const matches = credentials
      ? await this.hasher.verify(credentials.passwordHash, password)
      : await this.hasher.verifyAgainstNothing(password);
    if (!credentials || !matches) throw new PasswordMismatchError();

    const now = new Date();
    const { session, refreshToken } = newSession(this.config.refreshTokenTtlDays, now);
    const { userId } = credentials;
    const outcome = await executeCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'SignIn', userId, method: 'password', session, at: now.toISOString() },
      { ...context, actor: userId },
    );
    await this.reads.caughtUp(outcome.position);
    return { userId, familyId: session.familyId, refreshToken, expiresAt: session.expiresAt, position: outcome.position };
  }
}
