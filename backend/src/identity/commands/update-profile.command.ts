import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { userDecider, userStream } from '../domain/user.decider';
import { IdentityReadModels } from '../queries/identity-read-models';

export class UpdateProfileCommand extends Command<{ position: number }> {
  constructor(
    readonly userId: string,
    readonly firstName: string | null,
    readonly lastName: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ userId, firstName, lastName, context }: UpdateProfileCommand) {
    const outcome = await executeCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'UpdateProfile', userId, firstName, lastName },
      { ...context, actor: userId },
    );
    await this.reads.caughtUp(outcome.position);
    return { position: outcome.position };
  }
}
