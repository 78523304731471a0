import { ApiException } from './api.exception';
import type { RateLimitOutcome } from './rate-limits';
import type { HttpResponse } from './request-types';

/**
 * Gives an /api answer the RateLimit headers of its bucket. Past the limit it adds Retry-After and
 * returns the 429 to answer with; within it, null.
 */
export function applyRateLimit(response: HttpResponse, { allowed, binding }: RateLimitOutcome): ApiException | null {
  response.setHeader('RateLimit-Limit', binding.limit);
  response.setHeader('RateLimit-Remaining', binding.remaining);
  response.setHeader('RateLimit-Reset', binding.retryAfterSeconds);
  // The same seconds under the name analytics clients (Segment's among them) read.
  response.setHeader('X-RateLimit-Reset', binding.retryAfterSeconds);
  if (allowed) return null;
  const seconds = binding.retryAfterSeconds;
  const unit = seconds === 1 ? 'second' : 'seconds';
  response.setHeader('Retry-After', seconds);
  return new ApiException(429, {
    error: 'rate_limited',
    detail: `Too many requests. Try again in ${seconds} ${unit}.`,
    user_message: `You're sending requests too quickly. Please wait ${seconds} ${unit} and try again.`,
  });
}
