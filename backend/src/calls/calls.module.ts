import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { AnalysisModule } from '../analysis';
import { DiscoveryModule } from '../discovery/discovery.module';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { APP_LOGGER } from '../infrastructure/logging';
import { CallManagementController } from './api/call-management.controller';
import { CallsByPlaceController } from './api/calls-by-place.controller';
import { CallQuota, CallQuotaInterceptor } from './caller-limits';
import { CancelCallHandler } from './commands/cancel-call.command';
import { PlaceCallHandler } from './commands/place-call.command';
import { StartCallHandler } from './commands/start-call.command';
import { CallAnalysisStep } from './orchestration/call-analysis.step';
import { CallOrchestrator } from './orchestration/call-orchestrator';
import { RecordingStore } from './orchestration/recording-store';
import { TELEPHONY } from './ports/telephony';
import { CallReadModels } from './queries/call-read-models';
import { SandboxNumbers } from './queries/sandbox-numbers';
import { SandboxTelephony } from './sandbox';
import { ScriptedVoiceAgent } from './voice-agent';

@Module({
  imports: [CqrsModule, DiscoveryModule, AnalysisModule],
  controllers: [CallManagementController, CallsByPlaceController],
  providers: [
    // The sandbox phone network with the scripted caller; a carrier adapter takes this token's place.
    {
      provide: TELEPHONY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new SandboxTelephony({
          agent: new ScriptedVoiceAgent(),
          ...(config.sandboxRecordingSpeech === 'off' ? { synthesizer: null } : {}),
        }),
    },
    {
      provide: CallQuota,
      inject: [APP_CONFIG, { token: APP_LOGGER, optional: true }],
      useFactory: (config: AppConfig, logger?: Logger) =>
        new CallQuota(
          {
            anonymousPerDay: config.anonymousCallsPerDay,
            anonymousPerDayPerAddress: config.anonymousCallsPerDayPerAddress,
            userPerDay: config.userCallsPerDay,
          },
          logger,
        ),
    },
    CallQuotaInterceptor,
    CallOrchestrator,
    CallAnalysisStep,
    RecordingStore,
    CallReadModels,
    SandboxNumbers,
    StartCallHandler,
    PlaceCallHandler,
    CancelCallHandler,
  ],
  exports: [TELEPHONY, CallReadModels],
})
export class CallsModule {}
