import { Module } from '@nestjs/common';
import { CallsModule } from '../calls/calls.module';
import { IdentityModule } from '../identity/identity.module';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { FOLLOWED_ROOMS, FollowedRooms } from './followed-rooms';
import { PushedPositions } from './pushed-positions';
import { RealtimeGateway } from './realtime.gateway';

/** With REDIS_URL, the marks of the rooms followed on every node (see followed-rooms.ts); null on a single node. */
async function followedRooms(config: AppConfig): Promise<FollowedRooms | null> {
  if (!config.redisUrl) return null;
  const { Redis } = await import('ioredis');
  // Commands fail at once while Redis is unreachable: every room then counts as followed.
  const client = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, connectionName: 'ringcheck-followed-rooms' });
  client.on('error', () => undefined);
  await client.connect().catch(() => undefined);
  return new FollowedRooms(client);
}

@Module({
  imports: [IdentityModule, CallsModule],
  providers: [RealtimeGateway, PushedPositions, { provide: FOLLOWED_ROOMS, inject: [APP_CONFIG], useFactory: followedRooms }],
  exports: [PushedPositions],
})
export class RealtimeModule {}
