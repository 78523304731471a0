import { type CanActivate, type ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../logging/app-logger.token';
import { clientContextOf } from '../request/client-context';
import { applyRateLimit } from './rate-limit-answer';
import { RATE_LIMIT_BUCKET, type RateLimitBucketName } from './rate-limit-bucket.decorator';
import { rateLimitKeysOf } from './rate-limit-keys';
import { RateLimits } from './rate-limits';
import { type HttpResponse, isApiPath, requestPath } from './request-types';
import { SKIP_RATE_LIMIT } from './skip-rate-limit.decorator';

/**
 * Counts every /api request against its bucket (`@RateLimitBucket()`, else the general one) for each of
 * its keys, and answers 429 with Retry-After past any of them.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limits: RateLimits,
    private readonly reflector: Reflector,
    @Optional() @Inject(APP_LOGGER) private readonly logger?: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!isApiPath(requestPath(request))) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return true;

    const bucket = this.reflector.getAllAndOverride<RateLimitBucketName | undefined>(RATE_LIMIT_BUCKET, targets) ?? 'general';
    const outcome = await this.limits.hit(bucket, rateLimitKeysOf(clientContextOf(request)));
    const refusal = applyRateLimit(http.getResponse<HttpResponse>(), outcome);
    if (!refusal) return true;

    // The general bucket's refusals are routine; those of searches and calls are worth an operator's eye.
    if (bucket !== 'general') {
      this.logger?.warn({ bucket, refusedBy: outcome.refusedBy, handler: context.getHandler().name }, 'Request refused by rate limit');
    }
    throw refusal;
  }
}
