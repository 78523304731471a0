import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { APP_LOGGER } from '../logging/app-logger.token';
import { ApiExceptionFilter } from './api-exception.filter';
import { createValidationPipe } from './create-validation-pipe';
import { CsrfGuard } from './csrf.guard';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

/**
 * Registers the API's global error filter, validation pipe, rate-limit guard and CSRF guard, and exports
 * the {@link RateLimiter} (for GET /api/analytics/rate-limits/). Needs {@link APP_CONFIG}; uses
 * {@link APP_LOGGER} when the logging module is present.
 */
@Module({
  providers: [
    {
      provide: RateLimiter,
      useFactory: (config: AppConfig) => new RateLimiter({ limit: config.rateLimitPerMinute }),
      inject: [APP_CONFIG],
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_PIPE, useFactory: () => createValidationPipe() },
    {
      provide: APP_FILTER,
      useFactory: (logger?: Logger) => new ApiExceptionFilter(logger),
      inject: [{ token: APP_LOGGER, optional: true }],
    },
  ],
  exports: [RateLimiter],
})
export class HttpPlatformModule {}
