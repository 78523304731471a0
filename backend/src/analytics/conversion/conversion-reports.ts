import { Inject, Injectable } from '@nestjs/common';
import {
  asOfReplay,
  type AsOfTarget,
  type ConversionAsOf,
  type ConversionDocument,
  type ConversionRange,
  type ConversionReportView,
  conversionProjection,
  conversionReport,
  type CustomerDocument,
  dayStart,
  type EventStore,
  journeysOf,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { ApiException } from '../../infrastructure/http';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';

const DAY_MS = 86_400_000;

/**
 * The conversion report, from the live read model or, for a past date or position, from a replay of
 * the log in memory. A replay reads the whole log up to that point, so one runs at a time per server.
 */
@Injectable()
export class ConversionReports {
  private replaying = false;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  async report(range: ConversionRange, asOf: AsOfTarget | null): Promise<ConversionReportView> {
    return asOf === null ? this.live(range) : this.replayed(range, asOf);
  }

  private async live(range: ConversionRange): Promise<ConversionReportView> {
    const collection = this.runner.collection(conversionProjection);
    const firstVisitAt = { $gte: new Date(dayStart(range.from)).toISOString(), $lt: new Date(dayStart(range.to) + DAY_MS).toISOString() };
    // Read again if a batch landed between the reads, so the figures are those of one position.
    for (let attempt = 1; ; attempt++) {
      const position = this.runner.position;
      const visitors = await collection.find({ firstVisitAt });
      const userIds = [...new Set(visitors.flatMap((doc) => (doc.kind === 'visitor' && doc.linkedUserId ? [doc.linkedUserId] : [])))];
      const customers = userIds.length > 0 ? ((await collection.find({ _id: { $in: userIds } })) as CustomerDocument[]) : [];
      if (this.runner.position !== position && attempt < 3) continue;
      return conversionReport(journeysOf([...visitors, ...customers]), range, { position, occurredAt: await this.occurredAt(position) });
    }
  }

  private async replayed(range: ConversionRange, target: AsOfTarget): Promise<ConversionReportView> {
    if (this.replaying) {
      throw new ApiException(
        503,
        {
          error: 'replay_busy',
          detail: 'Another as-of report is being replayed from the event log; one runs at a time. Try again in a few seconds.',
          user_message: 'Another report for a past date is being prepared. Please try again in a few seconds.',
        },
        { headers: { 'Retry-After': '5' } },
      );
    }
    this.replaying = true;
    try {
      const replay = await asOfReplay(this.events, target);
      const asOf: ConversionAsOf = { position: replay.position, occurredAt: replay.occurredAt };
      return conversionReport(journeysOf(replay.documents.values() as Iterable<ConversionDocument>), range, asOf);
    } finally {
      this.replaying = false;
    }
  }

  /** When the event at `position` was recorded. */
  private async occurredAt(position: number): Promise<string | null> {
    if (position <= 0) return null;
    const [event] = await this.events.readAll({ fromPosition: position - 1, maxCount: 1 });
    return event?.position === position ? event.metadata.occurredAt : null;
  }
}
