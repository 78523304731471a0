import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, DomainError, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { userDecider, userStream } from '../domain/user.decider';
import { IdentityReadModels } from '../queries/identity-read-models';
import { PasswordHasher } from '../security/password-hasher';
import { passwordProblem } from '../security/password-strength';
import { PasswordMismatchError } from './password-mismatch.error';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The session the change is made from: it stays signed in, every other one is ended. */
    readonly keepFamilyId: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ userId, currentPassword, newPassword, keepFamilyId, context }: ChangePasswordCommand): Promise<void> {
    const credentials = await this.reads.credentialsOf(userId);
    if (!credentials) throw new DomainError('unsupported', 'not_available', 'This account signs in with a hosted provider and has no password here.');
    const user = await this.reads.user(userId);
    const problem = await passwordProblem(newPassword, { email: credentials.emailNormalized, firstName: user?.firstName, lastName: user?.lastName });
    if (problem) throw DomainError.invalid('new_password', problem);
    if (!(await this.hasher.verify(credentials.passwordHash, currentPassword))) throw new PasswordMismatchError();
    const outcome = await executeCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'ChangePassword', userId, passwordHash: await this.hasher.hash(newPassword), keepFamilyId, at: new Date().toISOString() },
      { ...context, actor: userId },
    );
    await this.reads.caughtUp(outcome.position);
  }
}
