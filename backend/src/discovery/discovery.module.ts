import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { createBusinessDirectory } from './adapters';
import { DiscoveriesController } from './api/discoveries.controller';
import { CreateDiscoveryHandler } from './commands/create-discovery.command';
import { BUSINESS_DIRECTORY } from './ports/business-directory';
import { DiscoveryReadModels } from './queries/discovery-read-models';
import { DiscoverySearchWorker } from './worker/discovery-search.worker';

@Module({
  imports: [CqrsModule],
  controllers: [DiscoveriesController],
  providers: [
    {
      provide: BUSINESS_DIRECTORY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createBusinessDirectory({ googlePlacesApiKey: config.googlePlacesApiKey }),
    },
    DiscoverySearchWorker,
    CreateDiscoveryHandler,
    DiscoveryReadModels,
  ],
  exports: [BUSINESS_DIRECTORY, DiscoveryReadModels, DiscoverySearchWorker],
})
export class DiscoveryModule {}
