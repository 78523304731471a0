import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ReadStore } from '@ringcheck/projections';
import type { Logger } from 'pino';
import { AnalysisModule } from '../analysis';
import { DiscoveryModule } from '../discovery/discovery.module';
import { WorkspaceModule } from '../workspace/workspace.module';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { APP_LOGGER } from '../infrastructure/logging';
import { NODE_MESSAGES, type NodeMessages } from '../infrastructure/messaging';
import { NODE_ID, READ_STORE, storesAreShared, WorkLeases } from '../infrastructure/storage';
import { realtimeVoiceAgentProvider } from './adapters/openai-realtime';
import { TwilioMediaStreamLifecycle, TwilioTelephony, TwilioWebhooksController, twilioSettingsOf } from './adapters/twilio';
import { CallManagementController } from './api/call-management.controller';
import { CallsByPlaceController } from './api/calls-by-place.controller';
import { LIMITER_FACTORY, type LimiterFactory, SPACING_FACTORY, type SpacingFactory } from '../infrastructure/limits';
import { CallQuota, CallQuotaInterceptor } from './caller-limits';
import { CancelCallHandler } from './commands/cancel-call.command';
import { PlaceCallHandler } from './commands/place-call.command';
import { StartCallHandler } from './commands/start-call.command';
import { DialingGate } from './dialing-policy';
import { CallAnalysisStep } from './orchestration/call-analysis.step';
import { CallLines, callsInFlightMax } from './orchestration/call-lines';
import { CALL_LEASES, CallOrchestrator } from './orchestration/call-orchestrator';
import { RecordingStore } from './orchestration/recording-store';
import { REALTIME_VOICE_AGENT, type RealtimeVoiceAgent } from './ports/media-stream';
import { TELEPHONY, type TelephonyProvider } from './ports/telephony';
import { CallReadModels } from './queries/call-read-models';
import { CallFastReads } from './api/call-fast-reads';
import { SandboxNumbers } from './queries/sandbox-numbers';
import { SandboxTelephony } from './adapters/sandbox';
import { ScriptedVoiceAgent } from './adapters/voice-agent';

@Module({
  imports: [CqrsModule, DiscoveryModule, AnalysisModule, WorkspaceModule],
  controllers: [CallManagementController, CallsByPlaceController, TwilioWebhooksController],
  providers: [
    // Twilio with the realtime voice agent when configured, else the sandbox phone network with the scripted caller.
    {
      provide: TELEPHONY,
      inject: [
        APP_CONFIG,
        { token: REALTIME_VOICE_AGENT, optional: true },
        { token: NODE_MESSAGES, optional: true },
        { token: SPACING_FACTORY, optional: true },
      ],
      useFactory: (config: AppConfig, realtimeAgent?: RealtimeVoiceAgent | null, nodes?: NodeMessages, spacing?: SpacingFactory) => {
        const twilio = twilioSettingsOf(config);
        if (twilio) {
          return new TwilioTelephony(twilio, realtimeAgent ?? null, { nodes, spacing: spacing?.(`twilio:placements:${twilio.accountSid}`) });
        }
        return new SandboxTelephony({
          agent: new ScriptedVoiceAgent(),
          ...(config.sandboxRecordingSpeech === 'off' ? { synthesizer: null } : {}),
        });
      },
    },
    realtimeVoiceAgentProvider,
    TwilioMediaStreamLifecycle,
    {
      provide: CallQuota,
      inject: [APP_CONFIG, { token: APP_LOGGER, optional: true }, { token: LIMITER_FACTORY, optional: true }],
      useFactory: (config: AppConfig, logger?: Logger, makeLimiter?: LimiterFactory) =>
        new CallQuota(
          {
            anonymousPerDay: config.anonymousCallsPerDay,
            anonymousPerDayPerAddress: config.anonymousCallsPerDayPerAddress,
            userPerDay: config.userCallsPerDay,
          },
          logger,
          makeLimiter,
        ),
    },
    CallQuotaInterceptor,
    {
      provide: CALL_LEASES,
      inject: [APP_CONFIG, READ_STORE],
      useFactory: (config: AppConfig, reads: ReadStore) => (storesAreShared(config) ? new WorkLeases(reads, NODE_ID, 'call') : null),
    },
    {
      provide: CallLines,
      inject: [APP_CONFIG, TELEPHONY],
      useFactory: (config: AppConfig, telephony: TelephonyProvider) => new CallLines(callsInFlightMax(config.callsInFlightMax, telephony)),
    },
    DialingGate,
    CallOrchestrator,
    CallAnalysisStep,
    RecordingStore,
    CallReadModels,
    CallFastReads,
    SandboxNumbers,
    StartCallHandler,
    PlaceCallHandler,
    CancelCallHandler,
  ],
  exports: [TELEPHONY, CallReadModels, CallFastReads],
})
export class CallsModule {}
