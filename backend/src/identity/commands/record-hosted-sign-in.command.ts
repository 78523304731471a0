import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { normalizeEmail } from '../domain/email-address';
import { userDecider, userStream } from '../domain/user.decider';
import type { VerifiedIdentity } from '../ports/identity-provider';
import { IdentityReadModels } from '../queries/identity-read-models';

export class RecordHostedSignInCommand extends Command<void> {
  constructor(
    readonly identity: VerifiedIdentity,
    /** Whether our read model already knows the user: sign-up the first time, sign-in afterwards. */
    readonly known: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A hosted provider's user is recorded the first time one of their tokens is seen (UserSignedUp,
 * provider 'clerk'); later tokens record a sign-in at most once an hour.
 */
@CommandHandler(RecordHostedSignInCommand)
export class RecordHostedSignInHandler implements ICommandHandler<RecordHostedSignInCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ identity, known, context }: RecordHostedSignInCommand): Promise<void> {
    const { userId } = identity;
    const at = new Date().toISOString();
    const command = known
      ? ({ type: 'SignIn', userId, method: 'token', session: null, at } as const)
      : ({
          type: 'SignUp',
          profile: {
            userId,
            email: identity.email,
            emailNormalized: identity.email ? normalizeEmail(identity.email) : null,
            passwordHash: null,
            firstName: identity.firstName,
            lastName: identity.lastName,
            provider: 'clerk',
            externalSubject: identity.externalSubject,
          },
          session: null,
          at,
        } as const);
    const outcome = await executeCommand(this.events, userStream(userId), userDecider, command, { ...context, actor: userId });
    await this.reads.caughtUp(outcome.position);
  }
}
