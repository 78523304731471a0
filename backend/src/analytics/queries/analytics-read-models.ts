import { Inject, Injectable } from '@nestjs/common';
import {
  type AnonymousVisitorDocument,
  anonymousVisitorsProjection,
  type FeatureFlagsView,
  featureFlagsProjection,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

/** Reads of the analytics context, answered from its read models. */
@Injectable()
export class AnalyticsReadModels {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  /** Waits for the read models to include a just-written event, then reads the visitor. */
  async visitorAfter(anonId: string, position: number): Promise<AnonymousVisitorDocument | null> {
    await this.runner.waitForPosition(position);
    return this.visitor(anonId);
  }

  visitor(anonId: string): Promise<AnonymousVisitorDocument | null> {
    return this.runner.collection(anonymousVisitorsProjection).findOne({ _id: anonId });
  }

  async featureFlags(): Promise<FeatureFlagsView['flags']> {
    const flags = await this.runner.collection(featureFlagsProjection).find({}, { sort: { name: 1 } });
    return Object.fromEntries(flags.map((flag) => [flag.name, { enabled: flag.enabled, config: flag.config }]));
  }
}
