import { Inject, Injectable } from '@nestjs/common';
import {
  discoveriesProjection,
  type DiscoveryDocument,
  type DiscoveryStatus,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { DomainError } from '../../infrastructure/event-sourcing';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

/** Reads of the discovery context, answered from the `discoveries` read model. */
@Injectable()
export class DiscoveryReadModels {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  private get discoveries() {
    return this.runner.collection(discoveriesProjection);
  }

  async get(discoveryId: string): Promise<DiscoveryDocument> {
    const doc = await this.discoveries.findOne({ _id: discoveryId });
    if (!doc) throw DomainError.notFound('Discovery');
    return doc;
  }

  async getAfter(discoveryId: string, position: number): Promise<DiscoveryDocument> {
    await this.runner.waitForPosition(position);
    return this.get(discoveryId);
  }

  ownedBy(ownerIds: string[], status?: DiscoveryStatus, limit = 50): Promise<DiscoveryDocument[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    const filter: Record<string, unknown> = { ownerId: { $in: ownerIds } };
    if (status) filter.status = status;
    return this.discoveries.find(filter, { sort: { createdAt: -1 }, limit });
  }

  /** The discovery holding a place_search_result, with that result. */
  async findByResultId(placeSearchResultId: string) {
    const doc = await this.discoveries.findOne({ resultIds: placeSearchResultId });
    const result = doc?.results.find((r) => r.id === placeSearchResultId);
    return doc && result ? { discovery: doc, result } : null;
  }
}
