import { Inject, Injectable } from '@nestjs/common';
import {
  callsProjection,
  discoveriesProjection,
  type EventStore,
  locationsProjection,
  type OnboardingProgressView,
  onboardingProjection,
  type OnboardingStep,
  type ProjectionRunner,
} from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE, PROJECTION_RUNNER } from '../../infrastructure/storage';
import { onboardingDecider, onboardingStream } from '../domain/onboarding.decider';
import { onboardingProgressOf } from '../domain/onboarding-progress';

/** The onboarding checklist: the user's own ticks plus what their calls and searches show. */
@Injectable()
export class OnboardingService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  async progress(userId: string): Promise<OnboardingProgressView> {
    const [doc, finishedCall, completedCall, completedDiscovery, location] = await Promise.all([
      this.runner.collection(onboardingProjection).findOne({ _id: userId }),
      this.runner.collection(callsProjection).findOne({ ownerId: userId, status: { $in: ['completed', 'canceled', 'failed'] } }),
      this.runner.collection(callsProjection).findOne({ ownerId: userId, status: 'completed' }),
      this.runner.collection(discoveriesProjection).findOne({ ownerId: userId, status: 'completed' }),
      this.runner.collection(locationsProjection).findOne({ userId }),
    ]);
    return onboardingProgressOf({
      completedSteps: doc?.completedSteps ?? [],
      dismissed: doc?.dismissed ?? false,
      hasFinishedCall: finishedCall !== null,
      hasCompletedCall: completedCall !== null,
      hasCompletedDiscovery: completedDiscovery !== null,
      hasLocation: location !== null,
      lastUpdated: doc?.updatedAt ?? null,
    });
  }

  async update(userId: string, change: { completedSteps?: OnboardingStep[]; dismiss?: boolean }, context: CommandContext): Promise<OnboardingProgressView> {
    let position = 0;
    if (change.completedSteps?.length) {
      const outcome = await executeCommand(this.events, onboardingStream(userId), onboardingDecider, { type: 'CompleteSteps', userId, steps: change.completedSteps }, context);
      position = outcome.position;
    }
    if (change.dismiss) {
      const outcome = await executeCommand(this.events, onboardingStream(userId), onboardingDecider, { type: 'Dismiss', userId }, context);
      position = Math.max(position, outcome.position);
    }
    await this.runner.waitForPosition(position);
    return this.progress(userId);
  }

  async reset(userId: string, context: CommandContext): Promise<OnboardingProgressView> {
    const outcome = await executeCommand(this.events, onboardingStream(userId), onboardingDecider, { type: 'Reset', userId }, context);
    await this.runner.waitForPosition(outcome.position);
    return this.progress(userId);
  }
}
