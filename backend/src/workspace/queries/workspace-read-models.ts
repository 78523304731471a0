import { Inject, Injectable } from '@nestjs/common';
import { type CallDocument, callsProjection, type LocationDocument, locationsProjection, type ProjectionRunner } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';
import type { CallCounts } from '../api/call-summary';

const IN_PROGRESS: CallDocument['status'][] = ['queued', 'in_progress'];

/** Reads of the workspace: a user's locations and the calls behind them. */
@Injectable()
export class WorkspaceReadModels {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  private get locations() {
    return this.runner.collection(locationsProjection);
  }

  /** The user's locations, newest interaction first. */
  locationsOf(userId: string, filter: { favoritesOnly?: boolean } = {}): Promise<LocationDocument[]> {
    const query: Record<string, unknown> = { userId };
    if (filter.favoritesOnly) query.favorite = true;
    return this.locations.find(query, { sort: { lastInteractedAt: -1 }, limit: 500 });
  }

  /** One of the user's locations; another user's is not found, as if it did not exist. */
  async location(userId: string, locationId: string): Promise<LocationDocument> {
    const doc = await this.locations.findOne({ _id: locationId });
    if (!doc || doc.userId !== userId) throw DomainError.notFound('Location');
    return doc;
  }

  async hasLocation(userId: string): Promise<boolean> {
    return (await this.locations.findOne({ userId })) !== null;
  }

  /** The calls behind a location that still belong to the user, oldest first. */
  async callsOf(userId: string, location: LocationDocument): Promise<CallDocument[]> {
    if (location.callIds.length === 0) return [];
    const calls = await this.runner.collection(callsProjection).find({ _id: { $in: location.callIds } });
    return calls.filter((call) => call.ownerId === userId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /**
   * The user's calls counted, each from an index alone: the cost follows the number of keys counted,
   * and no call is read but the first.
   */
  async callCountsOf(userId: string, since: Date): Promise<CallCounts> {
    const calls = this.runner.collection(callsProjection);
    const [[first], total, completed, inProgress, recent] = await Promise.all([
      calls.find({ ownerId: userId }, { sort: { createdAt: 1 }, limit: 1, projection: { _id: 1, id: 1, businessName: 1, createdAt: 1 } }),
      calls.countDocuments({ ownerId: userId }),
      calls.countDocuments({ ownerId: userId, status: 'completed' }),
      calls.countDocuments({ ownerId: userId, status: { $in: IN_PROGRESS } }),
      calls.countDocuments({ ownerId: userId, createdAt: { $gt: since.toISOString() } }),
    ]);
    return { first: first ?? null, total, completed, inProgress, recent };
  }
}
