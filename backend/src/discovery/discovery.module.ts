import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { ReadStore } from '@ringcheck/projections';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { NODE_ID, READ_STORE, storesAreShared, WorkLeases } from '../infrastructure/storage';
import { createBusinessDirectory } from './adapters';
import { DiscoveriesController } from './api/discoveries.controller';
import { CreateDiscoveryHandler } from './commands/create-discovery.command';
import { BUSINESS_DIRECTORY } from './ports/business-directory';
import { DiscoveryReadModels } from './queries/discovery-read-models';
import { DISCOVERY_LEASES, DiscoverySearchWorker } from './worker/discovery-search.worker';

@Module({
  imports: [CqrsModule],
  controllers: [DiscoveriesController],
  providers: [
    {
      provide: BUSINESS_DIRECTORY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createBusinessDirectory({ googlePlacesApiKey: config.googlePlacesApiKey }),
    },
    {
      provide: DISCOVERY_LEASES,
      inject: [APP_CONFIG, READ_STORE],
      useFactory: (config: AppConfig, reads: ReadStore) => (storesAreShared(config) ? new WorkLeases(reads, NODE_ID, 'discovery') : null),
    },
    DiscoverySearchWorker,
    CreateDiscoveryHandler,
    DiscoveryReadModels,
  ],
  exports: [BUSINESS_DIRECTORY, DiscoveryReadModels, DiscoverySearchWorker],
})
export class DiscoveryModule {}
