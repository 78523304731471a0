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
import { LIMITER_FACTORY, type LimiterFactory } from '../limits';
import { RateLimits } from './rate-limits';
import { SafeInputPipe } from './safe-input.pipe';

/**
 * Registers the API's global error filter, input pipes (safe input, then DTO validation), rate-limit guard
 * and CSRF guard, and exports the {@link RateLimits} (for GET /api/analytics/rate-limits/). Needs
 * {@link APP_CONFIG}; uses {@link APP_LOGGER} when the logging module is present.
 */
@Module({
  providers: [
    {
      provide: RateLimits,
      useFactory: (config: AppConfig, makeLimiter?: LimiterFactory) =>
        new RateLimits(
          {
            general: config.rateLimitPerMinute,
            searches: config.searchRateLimitPerMinute,
            calls: config.callRateLimitPerMinute,
          },
          makeLimiter,
        ),
      inject: [APP_CONFIG, { token: LIMITER_FACTORY, optional: true }],
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: CsrfGuard },
    // Pipes run in this order: unsafe text is refused before any DTO transforms it.
    { provide: APP_PIPE, useClass: SafeInputPipe },
    { provide: APP_PIPE, useFactory: () => createValidationPipe() },
    {
      provide: APP_FILTER,
      useFactory: (logger?: Logger) => new ApiExceptionFilter(logger),
      inject: [{ token: APP_LOGGER, optional: true }],
    },
  ],
  exports: [RateLimits],
})
export class HttpPlatformModule {}
