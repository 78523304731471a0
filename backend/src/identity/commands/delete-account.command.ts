import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, DomainError, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { emailReservationStream } from '../domain/email-address';
import { emailReservationDecider } from '../domain/email-reservation.decider';
import { userDecider, userStream } from '../domain/user.decider';
import { IdentityReadModels } from '../queries/identity-read-models';
import { PasswordHasher } from '../security/password-hasher';
import { PasswordMismatchError } from './password-mismatch.error';

export class DeleteAccountCommand extends Command<void> {
  constructor(
    readonly userId: string,
    /** Required for built-in accounts; accounts of a hosted provider have none here. */
    readonly password: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Deletes an account: every session ends, the profile is emptied and the e-mail address is free again. */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ userId, password, context }: DeleteAccountCommand): Promise<void> {
    const credentials = await this.reads.credentialsOf(userId);
    if (credentials) {
      if (!password) throw DomainError.invalid('password', 'Enter your password to delete your account.');
      if (!(await this.hasher.verify(credentials.passwordHash, password))) throw new PasswordMismatchError();
    }
    const actor = { ...context, actor: userId };
    const outcome = await executeCommand(this.events, userStream(userId), userDecider, { type: 'DeleteUser', userId, at: new Date().toISOString() }, actor);
    let position = outcome.position;
    if (credentials) {
      const released = await executeCommand(
        this.events,
        emailReservationStream(credentials.emailNormalized),
        emailReservationDecider,
        { type: 'ReleaseEmail', userId, reason: 'account_deleted' },
        actor,
      );
      position = Math.max(position, released.position);
    }
    await this.reads.caughtUp(position);
  }
}
