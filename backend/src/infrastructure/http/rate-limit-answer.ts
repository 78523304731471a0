import { ApiException } from './api.exception';
import type { RateLimitOutcome } from './rate-limits';
import type { HttpResponse } from './request-types';

/** The RateLimit headers every /api answer carries about its bucket, as name and value pairs. */
export function rateLimitHeaders({ binding }: RateLimitOutcome): [string, string][] {
  const reset = String(binding.retryAfterSeconds);
  return [
    ['RateLimit-Limit', String(binding.limit)],
    ['RateLimit-Remaining', String(binding.remaining)],
    ['RateLimit-Reset', reset],
    // The same seconds under the name analytics clients (Segment's among them) read.
    ['X-RateLimit-Reset', reset],
  ];
}

/**
 * Gives an /api answer the RateLimit headers of its bucket. Past the limit it adds Retry-After and
 * returns the 429 to answer with; within it, null.
 */
export function applyRateLimit(response: HttpResponse, outcome: RateLimitOutcome): ApiException | null {
  for (const [name, value] of rateLimitHeaders(outcome)) response.setHeader(name, value);
  if (outcome.allowed) return null;
  const seconds = outcome.binding.retryAfterSeconds;
  const unit = seconds === 1 ? 'second' : 'seconds';
  response.setHeader('Retry-After', seconds);
  return new ApiException(429, {
    error: 'rate_limited',
    detail: `Too many requests. Try again in ${seconds} ${unit}.`,
    user_message: `You're sending requests too quickly. Please wait ${seconds} ${unit} and try again.`,
  });
}
