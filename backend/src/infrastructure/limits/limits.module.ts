import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';
import { createLimiter, type LimiterFactory, redisLimiterFactory } from './limiter';
import { OneAtATime, type Serializer } from './one-at-a-time';
import { SharedOneAtATime } from './shared-one-at-a-time';
import { RedisSpacing, type Spacing } from './shared-spacing';

/** The LimiterFactory every rate limit and quota is made with. */
export const LIMITER_FACTORY = Symbol('LIMITER_FACTORY');
const REDIS_CLIENT = Symbol('LIMITS_REDIS_CLIENT');
/** Makes a Serializer for a namespace: one at a time per key on every node sharing Redis, else in this process. */
export const SERIALIZER_FACTORY = Symbol('SERIALIZER_FACTORY');
export type SerializerFactory = (namespace: string) => Serializer;
/** Makes the Spacing of a key shared by every node (null without Redis: one node spaces its own turns). */
export const SPACING_FACTORY = Symbol('SPACING_FACTORY');
export type SpacingFactory = (key: string) => Spacing | null;

/**
 * Where limits count and whose turn it is: in Redis when REDIS_URL is set (several nodes share the
 * counters and the turns), else in memory.
 * Commands are not queued while Redis is unreachable: they fail at once and the limiter counts locally.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Redis | null> => {
        if (!config.redisUrl) return null;
        const { Redis } = await import('ioredis');
        const logger = new Logger('Limits');
        const client = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, connectionName: 'ringcheck-limits' });
        let down = false;
        client.on('error', (error: Error) => {
          if (!down) logger.warn(`Redis unreachable, each node counts limits in its own memory until it is back: ${error.message}`);
          down = true;
        });
        client.on('ready', () => {
          if (down) logger.warn('Redis is back: limits are shared again');
          down = false;
        });
        await client.connect().catch(() => undefined);
        return client;
      },
    },
    {
      provide: LIMITER_FACTORY,
      inject: [REDIS_CLIENT],
      useFactory: (client: Redis | null): LimiterFactory => (client ? redisLimiterFactory(client) : createLimiter),
    },
    {
      provide: SERIALIZER_FACTORY,
      inject: [REDIS_CLIENT],
      useFactory:
        (client: Redis | null): SerializerFactory =>
        (namespace) =>
          client ? new SharedOneAtATime(client, namespace, new Logger('Limits')) : new OneAtATime(),
    },
    {
      provide: SPACING_FACTORY,
      inject: [REDIS_CLIENT],
      useFactory:
        (client: Redis | null): SpacingFactory =>
        (key) =>
          client ? new RedisSpacing(client, key, new Logger('Limits')) : null,
    },
  ],
  exports: [LIMITER_FACTORY, SERIALIZER_FACTORY, SPACING_FACTORY],
})
export class LimitsModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
