import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { callDecider, callStream } from '../domain/call.decider';
import { CallOrchestrator } from '../orchestration/call-orchestrator';

/** Places a call created by the create-then-place flow (idempotent); only its owner may. */
export class PlaceCallCommand extends Command<{ position: number }> {
  constructor(
    readonly callId: string,
    readonly requesterIds: string[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(PlaceCallCommand)
export class PlaceCallHandler implements ICommandHandler<PlaceCallCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly orchestrator: CallOrchestrator,
  ) {}

  async execute({ callId, requesterIds, context }: PlaceCallCommand) {
    const outcome = await executeCommand(this.events, callStream(callId), callDecider, { type: 'RequestPlacement', requesterIds }, context);
    if (outcome.state.status === 'queued') this.orchestrator.start(callId);
    return { position: outcome.position };
  }
}
