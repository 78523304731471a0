import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EventStore, type LocationPlaceData, type PlanId, type ProjectionRunner, workspaceStream } from '@ringcheck/projections';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { type CommandContext, executeCommand, loadStream } from '../infrastructure/event-sourcing';
import { newId } from '../infrastructure/ids';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/storage';
import { locationKeyOf } from './domain/location-key';
import { monthOf } from './domain/month';
import { type WorkspaceCommand, workspaceDecider, type WorkspaceState } from './domain/workspace.decider';
import { WORKSPACE_CLOCK, type WorkspaceClock } from './workspace-clock';

type CommandOf<T extends WorkspaceCommand['type']> = Omit<Extract<WorkspaceCommand, { type: T }>, 'type' | 'userId' | 'limits'>;

/** Carries workspace commands (plan, locations, the calls' tally) to the decider and waits for the read models. */
@Injectable()
export class WorkspaceService {
  private readonly logger = new Logger('Workspace');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKSPACE_CLOCK) private readonly clock: WorkspaceClock,
  ) {}

  get limits() {
    return this.config.planLimits;
  }

  now(): Date {
    return this.clock.now();
  }

  async state(userId: string): Promise<WorkspaceState> {
    return (await loadStream(this.events, workspaceStream(userId), workspaceDecider)).state;
  }

  private decide(userId: string, command: WorkspaceCommand, context: CommandContext) {
    return executeCommand(this.events, workspaceStream(userId), workspaceDecider, command, context);
  }

  /** Runs a command on the user's workspace; answers once the read models hold what it wrote. */
  async execute(userId: string, command: WorkspaceCommand, context: CommandContext) {
    const outcome = await this.decide(userId, command, context);
    await this.runner.waitForPosition(outcome.position);
    return outcome;
  }

  private recordCall(userId: string, callId: string, place: LocationPlaceData, month: string | null, context: CommandContext) {
    return this.decide(userId, { type: 'RecordCall', userId, callId, newLocationId: newId('loc_'), place, month, limits: this.config.planLimits }, context);
  }

  /** Saves a business to the user's locations; answers the location's id. */
  async saveLocation(userId: string, save: Omit<CommandOf<'SaveLocation'>, 'newLocationId'>, context: CommandContext): Promise<string> {
    const { state } = await this.execute(userId, { type: 'SaveLocation', userId, newLocationId: newId('loc_'), limits: this.config.planLimits, ...save }, context);
    const key = locationKeyOf(save.place);
    return [...state.locations.values()].find((location) => location.key === key)!.id;
  }

  toggleFavorite(userId: string, locationId: string, context: CommandContext) {
    return this.execute(userId, { type: 'ToggleFavorite', userId, locationId }, context);
  }

  assignPlan(userId: string, plan: PlanId, assignedBy: string, reason: string | null, context: CommandContext) {
    return this.execute(userId, { type: 'AssignPlan', userId, plan, assignedBy, reason }, context);
  }

  /** Records a call made before signing up (linked from a visitor): it follows the business, spending no allowance. */
  recordLinkedCall(userId: string, callId: string, place: LocationPlaceData, context: CommandContext) {
    return this.recordCall(userId, callId, place, null, context);
  }

  /**
   * Spends one test call of this month's allowance (and a location, for a business new to the account)
   * before `start` creates the call; if no call comes of it, the allowance is given back.
   */
  async withCallRecorded<T>(userId: string | null, callId: string, place: LocationPlaceData, context: CommandContext, start: () => Promise<T>): Promise<T> {
    if (!userId) return start();
    await this.recordCall(userId, callId, place, monthOf(this.clock.now()), context);
    try {
      return await start();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.decide(userId, { type: 'WithdrawCall', userId, callId, reason }, context).catch((withdrawError: unknown) =>
        this.logger.error(`Could not give back the allowance of call ${callId}, which was not started: ${String(withdrawError)}`),
      );
      throw error;
    }
  }
}
