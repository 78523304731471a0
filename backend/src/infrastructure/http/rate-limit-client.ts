import { isId, parseId } from '../ids/ids';
import { firstHeader, type HttpRequest } from './request-types';

export const ANONYMOUS_ID_HEADER = 'x-anonymous-id';

export interface RateLimitClient {
  /** Limiter key: `anonymous:anon_<uuid>` or `ip:<address>`. */
  readonly key: string;
  readonly scope: 'anonymous' | 'ip';
}

/**
 * Who a request counts against: its X-Anonymous-ID when that is a well-formed anonymous id, else its
 * IP address (`req.ip`, which honours Express's "trust proxy" setting behind a reverse proxy).
 */
export function rateLimitClientOf(request: HttpRequest): RateLimitClient {
  const anonymousId = firstHeader(request, ANONYMOUS_ID_HEADER)?.trim();
  if (anonymousId && isId(anonymousId, 'anon_')) {
    return { key: `anonymous:${parseId(anonymousId, 'anon_')}`, scope: 'anonymous' };
  }
  const address = request.ip ?? request.socket?.remoteAddress ?? 'unknown';
  return { key: `ip:${address}`, scope: 'ip' };
}
