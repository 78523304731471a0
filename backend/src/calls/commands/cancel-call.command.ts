import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { callDecider, callStream } from '../domain/call.decider';
import { CallOrchestrator } from '../orchestration/call-orchestrator';

/** Cancels a queued or live call; only its owner may. */
export class CancelCallCommand extends Command<{ position: number }> {
  constructor(
    readonly callId: string,
    readonly requesterIds: string[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CancelCallCommand)
export class CancelCallHandler implements ICommandHandler<CancelCallCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly orchestrator: CallOrchestrator,
  ) {}

  async execute({ callId, requesterIds, context }: CancelCallCommand) {
    const outcome = await executeCommand(this.events, callStream(callId), callDecider, { type: 'Cancel', requesterIds }, context);
    await this.orchestrator.stop(callId);
    return { position: outcome.position };
  }
}
