import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore, ProjectionRunner } from '@ringcheck/projections';
import { executeCommand, systemContext } from '../../infrastructure/event-sourcing';
import { idFromName } from '../../infrastructure/ids';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';
import { defaultFeatureFlags } from '../domain/default-feature-flags';
import { featureFlagDecider, featureFlagStream } from '../domain/feature-flag.decider';

/** Records the shipped flag definitions at start-up; unchanged flags record nothing. */
@Injectable()
export class SeedFeatureFlags implements OnApplicationBootstrap {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const context = systemContext();
    let position = 0;
    for (const flag of defaultFeatureFlags) {
      const outcome = await executeCommand(
        this.events,
        featureFlagStream(flag.name),
        featureFlagDecider,
        { type: 'DefineFeatureFlag', flag: { flagId: idFromName('flag_', flag.name), ...flag } },
        context,
      );
      position = Math.max(position, outcome.position);
    }
    // Flags are served from the read model: have it current before the first request.
    await this.runner.waitForPosition(position);
  }
}
