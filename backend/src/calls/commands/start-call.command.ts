import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CallKind, EventStore } from '@ringcheck/projections';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { newId } from '../../infrastructure/ids';
import { EVENT_STORE } from '../../infrastructure/storage';
import { callDecider, callStream } from '../domain/call.decider';
import { CallOrchestrator } from '../orchestration/call-orchestrator';
import { TELEPHONY, type TelephonyProvider } from '../ports/telephony';
import type { CallTarget } from './call-target';

export class StartCallCommand extends Command<{ callId: string; position: number }> {
  constructor(
    readonly kind: CallKind,
    readonly target: CallTarget,
    readonly ownerId: string | null,
    readonly context: CommandContext,
    /** The create-then-place flow records the call first and places it on request. */
    readonly awaitingPlacement = false,
    readonly callId = newId('call_'),
  ) {
    super();
  }
}

@CommandHandler(StartCallCommand)
export class StartCallHandler implements ICommandHandler<StartCallCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TELEPHONY) private readonly telephony: TelephonyProvider,
    private readonly orchestrator: CallOrchestrator,
  ) {}

  async execute({ kind, target, ownerId, context, awaitingPlacement, callId }: StartCallCommand) {
    const outcome = await executeCommand(
      this.events,
      callStream(callId),
      callDecider,
      {
        type: 'RequestCall',
        request: {
          callId,
          ownerId,
          kind,
          ...target,
          fromNumber: this.telephony.callerNumber,
          retryPolicy: {
            maxAttempts: this.config.callMaxAttempts,
            retryOn: ['busy', 'no_answer'],
            delayMs: this.config.callRetryDelaySeconds * 1000,
          },
          timeScale: this.config.sandboxTimeScale,
          awaitingPlacement,
          provider: this.telephony.adapterName,
        },
      },
      context,
    );
    if (!awaitingPlacement) this.orchestrator.start(callId);
    return { callId, position: outcome.position };
  }
}
