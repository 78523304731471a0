import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HttpPlatformModule } from '../infrastructure/http';
import { AnalyticsController } from './api/analytics.controller';
import { RecordAnalyticsBatchHandler } from './commands/record-analytics-batch.command';
import { RecordConsentHandler } from './commands/record-consent.command';
import { SeedFeatureFlags } from './commands/seed-feature-flags';
import { TrackEventHandler } from './commands/track-event.command';
import { TrackVisitorHandler } from './commands/track-visitor.command';
import { AnalyticsReadModels } from './queries/analytics-read-models';
import { VisitorConsentReader } from './queries/visitor-consent.reader';
import { SegmentModule } from './segment/segment.module';

@Module({
  imports: [CqrsModule, HttpPlatformModule, SegmentModule],
  controllers: [AnalyticsController],
  providers: [
    TrackVisitorHandler,
    RecordConsentHandler,
    TrackEventHandler,
    RecordAnalyticsBatchHandler,
    SeedFeatureFlags,
    AnalyticsReadModels,
    VisitorConsentReader,
  ],
})
export class AnalyticsModule {}
