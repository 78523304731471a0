import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AnalyticsEventTrackedData, type EventStore, newEvent } from '@ringcheck/projections';
import { type CommandContext, metadataFor } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { analyticsStream } from '../domain/tracked-message';

export class TrackEventCommand extends Command<{ eventId: string; position: number }> {
  constructor(
    readonly event: AnalyticsEventTrackedData,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A product-analytics event is a plain fact about its subject: appended without a decision. */
@CommandHandler(TrackEventCommand)
export class TrackEventHandler implements ICommandHandler<TrackEventCommand> {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async execute({ event, context }: TrackEventCommand) {
    const eventId = randomUUID();
    const result = await this.events.appendToStream(analyticsStream(event.subjectId), [
      newEvent({ id: eventId, type: 'AnalyticsEventTracked', data: event }, metadataFor(context)),
    ]);
    return { eventId, position: result.position };
  }
}
