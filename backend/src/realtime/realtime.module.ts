import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PushedPositions } from './pushed-positions';
import { RealtimeGateway } from './realtime.gateway';

@Module({ imports: [IdentityModule], providers: [RealtimeGateway, PushedPositions], exports: [PushedPositions] })
export class RealtimeModule {}
