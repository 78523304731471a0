import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';
import { createLimiter, type LimiterFactory, redisLimiterFactory } from './limiter';

/** The LimiterFactory every rate limit and quota is made with. */
export const LIMITER_FACTORY = Symbol('LIMITER_FACTORY');
const REDIS_CLIENT = Symbol('LIMITS_REDIS_CLIENT');

/**
 * Where limits count: in Redis when REDIS_URL is set (several nodes share the counters), else in memory.
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
        const client = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
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
  ],
  exports: [LIMITER_FACTORY],
})
export class LimitsModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
