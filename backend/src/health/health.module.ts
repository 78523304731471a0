import { Module } from '@nestjs/common';
import { DiscoveryModule } from '../discovery/discovery.module';
import { HealthController } from './health.controller';
import { PortRegistry } from './port-registry';

@Module({ imports: [DiscoveryModule], controllers: [HealthController], providers: [PortRegistry], exports: [PortRegistry] })
export class HealthModule {}
