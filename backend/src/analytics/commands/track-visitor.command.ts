import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AnonymousVisitorDocument, EventStore, ProjectionRunner } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { newId } from '../../infrastructure/ids';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';
import { visitorDecider, visitorStream } from '../domain/visitor.decider';

export interface TrackVisitorInput {
  fingerprint: string;
  screenResolution: string | null;
  timezone: string | null;
  language: string | null;
  referrer: string | null;
  gdprConsent: boolean | null;
  /** The id the browser holds, already validated; null for a first visit. */
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
 * Records a visit. The visitor keeps the id its browser holds; without one, a known fingerprint
 * finds the earlier id (cleared storage), else a new anon_ id is issued.
 */
@CommandHandler(TrackVisitorCommand)
export class TrackVisitorHandler implements ICommandHandler<TrackVisitorCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  async execute({ input, context }: TrackVisitorCommand) {
    const hash = fingerprintHash(input.fingerprint);
    const anonId = input.anonId ?? (await this.findByFingerprint(hash)) ?? newId('anon_');
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

  private async findByFingerprint(hash: string): Promise<string | null> {
    const visitors = await this.runner
      .collection<AnonymousVisitorDocument>('anonymous_visitors')
      .find({ fingerprintHash: hash }, { sort: { lastSeenAt: -1 }, limit: 1 });
    return visitors[0]?.anonId ?? null;
  }
}
