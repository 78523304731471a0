import type { LinkResultView, MigrationStats } from '@ringcheck/projections';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AnonymousVisitorDocument,
  anonymousVisitorsProjection,
  callsProjection,
  type ConversionSource,
  discoveriesProjection,
  type EventStore,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { visitorDecider, visitorStream } from '../../analytics/domain/visitor.decider';
import { callDecider, callStream } from '../../calls/domain/call.decider';
import { discoveryDecider, discoveryStream } from '../../discovery/domain/discovery.decider';
import { type CommandContext, DomainError, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';
import { locationPlaceOf } from '../../workspace/domain/location-place';
import { WorkspaceService } from '../../workspace/workspace.service';

const emptyStats = (): MigrationStats => ({ total_objects: 0, business_discoveries: 0, calls: 0 });

export function addStats(a: MigrationStats, b: MigrationStats): MigrationStats {
  return {
    total_objects: a.total_objects + b.total_objects,
    business_discoveries: a.business_discoveries + b.business_discoveries,
    calls: a.calls + b.calls,
  };
}

/**
 * Links an anonymous visitor to the account it became and moves what it did (searches, calls) to
 * that account, as events. Linking again is safe and moves only what is new.
 */
@Injectable()
export class AnonymousLinkService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly workspace: WorkspaceService,
  ) {}

  async link(anonId: string, userId: string, conversionSource: ConversionSource, context: CommandContext): Promise<LinkResultView> {
    const linked = await executeCommand(this.events, visitorStream(anonId), visitorDecider, { type: 'LinkToUser', anonId, userId, conversionSource }, context);
    let position = linked.position;
    const stats = emptyStats();

    const discoveries = await this.runner.collection(discoveriesProjection).find({ ownerId: anonId });
    for (const discovery of discoveries) {
      const moved = await executeCommand(this.events, discoveryStream(discovery.id), discoveryDecider, { type: 'ChangeOwner', discoveryId: discovery.id, ownerId: userId }, context);
      if (moved.events.length > 0) stats.business_discoveries++;
      position = Math.max(position, moved.position);
    }
    const calls = await this.runner.collection(callsProjection).find({ ownerId: anonId });
    for (const call of calls) {
      const moved = await executeCommand(this.events, callStream(call.id), callDecider, { type: 'ChangeOwner', ownerId: userId }, context);
      if (moved.events.length > 0) stats.calls++;
      // The businesses the visitor called join the account's locations, spending none of its plan.
      const discovery = call.discoveryId ? await this.runner.collection(discoveriesProjection).findOne({ _id: call.discoveryId }) : null;
      const followed = await this.workspace.recordLinkedCall(userId, call.id, locationPlaceOf(call, discovery), context);
      position = Math.max(position, moved.position, followed.position);
    }
    stats.total_objects = stats.business_discoveries + stats.calls;
    // The account's lists must show the moved data as soon as this answers.
    await this.runner.waitForPosition(position);
    return {
      anon_id: anonId,
      success: true,
      already_linked: linked.events.length === 0,
      new_data_migrated: stats.total_objects > 0,
      migration_stats: stats,
    };
  }

  /** Links several ids; one failing (e.g. linked to another account) does not stop the others. */
  async linkMany(anonIds: string[], userId: string, context: CommandContext) {
    const results: LinkResultView[] = [];
    for (const anonId of anonIds) {
      try {
        results.push(await this.link(anonId, userId, 'manual', context));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ anon_id: anonId, success: false, already_linked: false, new_data_migrated: false, migration_stats: emptyStats(), error: error.message });
      }
    }
    return {
      success: results.every((r) => r.success),
      profiles_linked: results.filter((r) => r.success).length,
      profiles_failed: results.filter((r) => !r.success).length,
      total_migration_stats: results.reduce((sum, r) => addStats(sum, r.migration_stats), emptyStats()),
      results,
    };
  }

  /** The visitors linked to a user, oldest first. */
  linkedVisitors(userId: string): Promise<AnonymousVisitorDocument[]> {
    return this.runner
      .collection(anonymousVisitorsProjection)
      .find({ linkedUserId: userId }, { sort: { firstSeenAt: 1 } });
  }

  visitor(anonId: string): Promise<AnonymousVisitorDocument | null> {
    return this.runner.collection(anonymousVisitorsProjection).findOne({ _id: anonId });
  }
}
