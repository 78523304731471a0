import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AnalyticsModule } from './analytics/analytics.module';
import { ConversionModule } from './analytics/conversion/conversion.module';
import { CallsModule } from './calls/calls.module';
import { ContentModule } from './content/content.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { type AppConfig, AppConfigModule } from './infrastructure/config';
import { HttpPlatformModule } from './infrastructure/http';
import { LimitsModule } from './infrastructure/limits';
import { LoggingModule } from './infrastructure/logging';
import { NodeMessagesModule } from './infrastructure/messaging';
import { StorageModule } from './infrastructure/storage';
import { VisitorProofModule } from './infrastructure/visitor';
import { RealtimeModule } from './realtime/realtime.module';
import { UsersModule } from './users/users.module';
import { WorkspaceModule } from './workspace/workspace.module';

@Module({})
export class AppModule {
  static register(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        LimitsModule,
        NodeMessagesModule,
        HttpPlatformModule,
        VisitorProofModule,
        StorageModule,
        IdentityModule,
        RealtimeModule,
        HealthModule,
        AnalyticsModule,
        ConversionModule,
        DiscoveryModule,
        UsersModule,
        WorkspaceModule,
        CallsModule,
        ContentModule,
      ],
    };
  }
}
