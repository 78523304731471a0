import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { newId } from '../../infrastructure/ids';
import { EVENT_STORE } from '../../infrastructure/storage';
import { visitorDecider, visitorStream } from '../domain/visitor.decider';

export interface TrackVisitorInput {
  fingerprint: string | null;
  screenResolution: string | null;
  timezone: string | null;
  language: string | null;
  referrer: string | null;
  gdprConsent: boolean | null;
  /** The id the browser proves it holds; null for a first visit (or an id it could not prove). */
  anonId: string | null;
  userAgent: string | null;
}

export class TrackVisitorCommand extends Command<{ anonId: string; position: number }> {
  constructor(
    readonly input: TrackVisitorInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export const fingerprintHash = (fingerprint: string) => createHash('sha256').update(fingerprint).digest('hex');

/**
 * Records a visit; without analytics consent the decider keeps only the visitor id. The visitor keeps the id its browser proves; otherwise a new anon_ id is issued.
 * A fingerprint never leads back to an earlier id: fingerprints are sent by the client and can be
 * copied, so matching on them would hand one visitor's id (and calls) to another.
 */
@CommandHandler(TrackVisitorCommand)
export class TrackVisitorHandler implements ICommandHandler<TrackVisitorCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async execute({ input, context }: TrackVisitorCommand) {
    const hash = input.fingerprint ? fingerprintHash(input.fingerprint) : null;
    const anonId = input.anonId ?? newId('anon_');
    const outcome = await executeCommand(
      this.events,
      visitorStream(anonId),
      visitorDecider,
      {
        type: 'TrackVisit',
        visit: {
          anonId,
          fingerprintHash: hash,
          screenResolution: input.screenResolution,
          timezone: input.timezone,
          language: input.language,
          referrer: input.referrer,
          gdprConsent: input.gdprConsent,
          userAgent: input.userAgent,
        },
      },
      { ...context, actor: anonId },
    );
    return { anonId, position: outcome.position };
  }
}
