import { Inject, Injectable } from '@nestjs/common';
import type { AnonymousVisitorDocument, FeatureFlagDocument, ProjectionRunner } from '@ringcheck/projections';
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
    return this.runner.collection<AnonymousVisitorDocument>('anonymous_visitors').findOne({ _id: anonId });
  }

  async featureFlags(): Promise<Record<string, { enabled: boolean; config: Record<string, unknown> }>> {
    const flags = await this.runner.collection<FeatureFlagDocument>('feature_flags').find({}, { sort: { name: 1 } });
    return Object.fromEntries(flags.map((flag) => [flag.name, { enabled: flag.enabled, config: flag.config }]));
  }
}
