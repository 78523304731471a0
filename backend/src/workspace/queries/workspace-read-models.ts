import { Inject, Injectable } from '@nestjs/common';
import { type CallDocument, callsProjection, type LocationDocument, locationsProjection, type ProjectionRunner } from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

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

  /** The user's calls, oldest first (for the call summary). */
  callsOwnedBy(userId: string): Promise<CallDocument[]> {
    return this.runner.collection(callsProjection).find({ ownerId: userId }, { sort: { createdAt: 1 }, projection: { _id: 1, id: 1, status: 1, businessName: 1, createdAt: 1 } });
  }
}
