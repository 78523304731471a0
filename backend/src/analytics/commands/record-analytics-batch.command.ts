import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AnalyticsMessage, type EventStore, type NewEvent, newEvent } from '@ringcheck/projections';
import { type CommandContext, metadataFor } from '../../infrastructure/event-sourcing';
import { IdempotencyConflictError } from '../../infrastructure/event-store';
import { EVENT_STORE } from '../../infrastructure/storage';
import { type AnalyticsSubject, analyticsStream, trackedMessage } from '../domain/tracked-message';

export class RecordAnalyticsBatchCommand extends Command<{ position: number }> {
  constructor(
    readonly subject: AnalyticsSubject,
    readonly messages: readonly AnalyticsMessage[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Records a consented caller's batch as `AnalyticsEventTracked` events in one append to its analytics
 * stream, each with the message's id as event id: a retried batch is stored once. A retry that holds
 * some messages already stored (the browser re-batched after a lost answer) has those left out.
 */
@CommandHandler(RecordAnalyticsBatchCommand)
export class RecordAnalyticsBatchHandler implements ICommandHandler<RecordAnalyticsBatchCommand> {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async execute({ subject, messages, context }: RecordAnalyticsBatchCommand) {
    const metadata = metadataFor(context);
    const byId = new Map<string, NewEvent>();
    for (const message of messages) {
      const id = message.messageId.toLowerCase();
      if (!byId.has(id)) byId.set(id, newEvent({ id, type: 'AnalyticsEventTracked', data: trackedMessage(message, subject) }, metadata));
    }
    return this.appendNew(analyticsStream(subject.subjectId), [...byId.values()]);
  }

  private async appendNew(stream: string, events: NewEvent[]): Promise<{ position: number }> {
    for (let pending = events; ; ) {
      try {
        const result = await this.events.appendToStream(stream, pending);
        return { position: result.position };
      } catch (error) {
        if (!(error instanceof IdempotencyConflictError)) throw error;
        const stored = new Set(error.storedIds);
        pending = pending.filter((event) => !stored.has(event.id));
      }
    }
  }
}
