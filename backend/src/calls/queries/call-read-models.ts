import { Inject, Injectable } from '@nestjs/common';
import {
  type CallAnalysisReport,
  type CallDocument,
  callReportsProjection,
  callsProjection,
  type EventStore,
  foldStream,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';
import { callStream } from '../domain/call.decider';
import { foldCall } from '../orchestration/call-analysis.step';

/** Reads of the calls context, answered from the `calls` read model. */
@Injectable()
export class CallReadModels {
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  private get calls() {
    return this.runner.collection(callsProjection);
  }

  private get reports() {
    return this.runner.collection(callReportsProjection);
  }

  /**
   * The report of the call's analysis (the call_reports read model), null before the analysis. Where that
   * read model is behind the calls one (an instant between their writes, or while it is first built) the
   * call's own stream gives it; null only if even that does not name the same analysis.
   */
  async reportOf(doc: CallDocument): Promise<CallAnalysisReport | null> {
    const analyzedAt = doc.analysis?.analyzedAt;
    if (!analyzedAt) return null;
    if (this.runner.isBuilt(callReportsProjection)) {
      const [stored] = await this.reports.find({ _id: doc.id }, { limit: 1, shared: true });
      if (stored?.analyzedAt === analyzedAt) return stored.report;
    }
    const folded = foldStream(callReportsProjection, await this.events.readStream(callStream(doc.id)));
    return folded?.analyzedAt === analyzedAt ? folded.report : null;
  }

  async get(callId: string): Promise<CallDocument> {
    const doc = this.runner.isBuilt(callsProjection) ? await this.calls.findOne({ _id: callId }) : await this.folded(callId);
    if (!doc) throw DomainError.notFound('Call');
    return doc;
  }

  /**
   * Differs whenever a call of these owners may have changed (one that was or became theirs too); null
   * where the store cannot tell (see Collection.changeToken).
   */
  changeTokenOwnedBy(ownerIds: readonly string[]): string | null {
    return this.calls.changeToken?.({ field: 'ownerId', values: ownerIds }) ?? null;
  }

  /** The call for an answer built from it, which changes nothing: the store may hand out the document it keeps. */
  async forView(callId: string): Promise<CallDocument> {
    const doc = await this.viewOf(callId);
    if (!doc) throw DomainError.notFound('Call');
    return doc;
  }

  /** As forView, null when there is no such call. */
  async viewOf(callId: string): Promise<CallDocument | null> {
    if (!this.runner.isBuilt(callsProjection)) return this.folded(callId);
    const [doc] = await this.calls.find({ _id: callId }, { limit: 1, shared: true });
    return doc ?? null;
  }

  /**
   * The call folded from its own stream: the same document, read while the calls read model is first built
   * (a new version of it, after an upgrade), so that a call's page keeps answering; lists wait for the build.
   */
  private async folded(callId: string): Promise<CallDocument | null> {
    return foldCall(await this.events.readStream(callStream(callId)));
  }

  /**
   * The call as of `position` at least (read-your-writes). While the read models are behind it (a busy
   * node runs them, or another node is taking them over) the call is folded from its own stream, which
   * gives the same document without waiting.
   */
  async getAfter(callId: string, position: number): Promise<CallDocument> {
    if (this.runner.position >= position) return this.get(callId);
    const doc = await this.folded(callId);
    if (!doc) throw DomainError.notFound('Call');
    return doc;
  }

  /** Creation times of the calls to `toNumber` created after `since` (ISO 8601), newest first. */
  async createdTo(toNumber: string, since: string, limit: number): Promise<string[]> {
    const calls = await this.calls.find({ toNumber, createdAt: { $gt: since } }, { sort: { createdAt: -1 }, limit, projection: { createdAt: 1 } });
    return calls.map((call) => call.createdAt);
  }

  /**
   * A page of the calls of these owners, newest (or oldest) first, read through the owner and creation
   * time index. `after` is the previous page's last creation time and the ids shown at that time.
   * The documents are only turned into summaries, so the store may hand out the ones it keeps.
   */
  async pageOwnedBy(ownerIds: readonly string[], options: CallPageOptions): Promise<{ calls: CallDocument[]; total: number; more: boolean }> {
    if (ownerIds.length === 0) return { calls: [], total: 0, more: false };
    const owned: Record<string, unknown> = { ownerId: { $in: ownerIds } };
    if (options.placeSearchResultId) owned.placeSearchResultId = options.placeSearchResultId;
    const filter = { ...owned };
    if (options.after) {
      filter.createdAt = { [options.newestFirst ? '$lte' : '$gte']: options.after.createdAt };
      filter._id = { $nin: options.after.ids };
    }
    const [page, total] = await Promise.all([
      this.calls.find(filter, { sort: { createdAt: options.newestFirst ? -1 : 1 }, limit: options.limit + 1, shared: true }),
      this.calls.countDocuments(owned),
    ]);
    return { calls: page.slice(0, options.limit), total, more: page.length > options.limit };
  }
}

export interface CallPageOptions {
  newestFirst: boolean;
  limit: number;
  placeSearchResultId?: string;
  after?: { createdAt: string; ids: string[] };
}
