import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HttpPlatformModule } from '../infrastructure/http';
import { AnalyticsController } from './api/analytics.controller';
import { RecordConsentHandler } from './commands/record-consent.command';
import { SeedFeatureFlags } from './commands/seed-feature-flags';
import { TrackEventHandler } from './commands/track-event.command';
import { TrackVisitorHandler } from './commands/track-visitor.command';
import { AnalyticsReadModels } from './queries/analytics-read-models';

@Module({
  imports: [CqrsModule, HttpPlatformModule],
  controllers: [AnalyticsController],
  providers: [TrackVisitorHandler, RecordConsentHandler, TrackEventHandler, SeedFeatureFlags, AnalyticsReadModels],
})
export class AnalyticsModule {}
