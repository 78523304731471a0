import { Inject, Injectable } from '@nestjs/common';
import { type CallDocument, callsProjection, type ProjectionRunner } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

/** Reads of the calls context, answered from the `calls` read model. */
@Injectable()
export class CallReadModels {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  private get calls() {
    return this.runner.collection(callsProjection);
  }

  async get(callId: string): Promise<CallDocument> {
    const doc = await this.calls.findOne({ _id: callId });
    if (!doc) throw DomainError.notFound('Call');
    return doc;
  }

  async getAfter(callId: string, position: number): Promise<CallDocument> {
    await this.runner.waitForPosition(position);
    return this.get(callId);
  }

  /** Creation times of the calls to `toNumber` created after `since` (ISO 8601), newest first. */
  async createdTo(toNumber: string, since: string, limit: number): Promise<string[]> {
    const calls = await this.calls.find({ toNumber, createdAt: { $gt: since } }, { sort: { createdAt: -1 }, limit, projection: { createdAt: 1 } });
    return calls.map((call) => call.createdAt);
  }

  ownedBy(ownerIds: string[], options: { newestFirst: boolean; placeSearchResultId?: string; limit?: number }): Promise<CallDocument[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    const filter: Record<string, unknown> = { ownerId: { $in: ownerIds } };
    if (options.placeSearchResultId) filter.placeSearchResultId = options.placeSearchResultId;
    return this.calls.find(filter, { sort: { createdAt: options.newestFirst ? -1 : 1 }, limit: options.limit ?? 200 });
  }
}
