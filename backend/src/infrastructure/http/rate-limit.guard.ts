import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiException } from './api.exception';
import { rateLimitClientOf } from './rate-limit-client';
import { RateLimiter } from './rate-limiter';
import { type HttpRequest, type HttpResponse, isApiPath, requestPath } from './request-types';
import { SKIP_RATE_LIMIT } from './skip-rate-limit.decorator';

/** Counts every /api request against its client and answers 429 with Retry-After past the limit. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequest>();
    if (!isApiPath(requestPath(request))) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, [context.getHandler(), context.getClass()]))
      return true;

    const decision = this.limiter.hit(rateLimitClientOf(request).key);
    const response = http.getResponse<HttpResponse>();
    response.setHeader('RateLimit-Limit', decision.limit);
    response.setHeader('RateLimit-Remaining', decision.remaining);
    response.setHeader('RateLimit-Reset', decision.retryAfterSeconds);
    if (decision.allowed) return true;

    const seconds = decision.retryAfterSeconds;
    const unit = seconds === 1 ? 'second' : 'seconds';
    response.setHeader('Retry-After', seconds);
    throw new ApiException(429, {
      error: 'rate_limited',
      detail: `Too many requests. Try again in ${seconds} ${unit}.`,
      user_message: `You're sending requests too quickly. Please wait ${seconds} ${unit} and try again.`,
    });
  }
}
