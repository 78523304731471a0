import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { visitorDecider, visitorStream } from '../domain/visitor.decider';

export class RecordConsentCommand extends Command<{ position: number }> {
  constructor(
    readonly anonId: string,
    readonly consent: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RecordConsentCommand)
export class RecordConsentHandler implements ICommandHandler<RecordConsentCommand> {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async execute({ anonId, consent, context }: RecordConsentCommand) {
    const outcome = await executeCommand(
      this.events,
      visitorStream(anonId),
      visitorDecider,
      { type: 'RecordConsent', anonId, consent },
      context,
    );
    return { position: outcome.position };
  }
}
