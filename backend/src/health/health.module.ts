import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis';
import { CallsModule } from '../calls/calls.module';
import { DiscoveryModule } from '../discovery/discovery.module';
import { IdentityModule } from '../identity/identity.module';
import { HealthController } from './health.controller';
import { PortRegistry } from './port-registry';

@Module({ imports: [DiscoveryModule, IdentityModule, CallsModule, AnalysisModule], controllers: [HealthController], providers: [PortRegistry], exports: [PortRegistry] })
export class HealthModule {}
