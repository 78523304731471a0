import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { PortRegistry } from './port-registry';

@Module({ controllers: [HealthController], providers: [PortRegistry], exports: [PortRegistry] })
export class HealthModule {}
