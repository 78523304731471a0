import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { newId } from '../../infrastructure/ids';
import { EVENT_STORE } from '../../infrastructure/storage';
import { discoveryDecider, discoveryStream } from '../domain/discovery.decider';
import { DiscoverySearchWorker } from '../worker/discovery-search.worker';

export class CreateDiscoveryCommand extends Command<{ discoveryId: string; position: number }> {
  constructor(
    readonly businessName: string,
    readonly location: string,
    readonly ownerId: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Records the request, then hands the search to the background worker. */
@CommandHandler(CreateDiscoveryCommand)
export class CreateDiscoveryHandler implements ICommandHandler<CreateDiscoveryCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly worker: DiscoverySearchWorker,
  ) {}

  async execute({ businessName, location, ownerId, context }: CreateDiscoveryCommand) {
    const discoveryId = newId('disc_');
    const outcome = await executeCommand(
      this.events,
      discoveryStream(discoveryId),
      discoveryDecider,
      { type: 'RequestDiscovery', discoveryId, businessName, location, ownerId },
      context,
    );
    this.worker.enqueue({ discoveryId, businessName, location, correlationId: context.correlationId });
    return { discoveryId, position: outcome.position };
  }
}
