import { addressKeyOf } from '../limits/address-key';
import type { ClientContext } from '../request/client-context';

export type RateLimitKeyKind = 'user' | 'anonymous' | 'ip';

export interface RateLimitKey {
  readonly kind: RateLimitKeyKind;
  /** `user:<id>`, `anonymous:anon_<uuid>` or `ip:<address>`. */
  readonly key: string;
}

/**
 * Everything a request counts against: the signed-in user or else the visitor the browser proves it is,
 * and always its address (`request.ip`, which honours TRUSTED_PROXIES), so inventing identities never
 * raises the ceiling. The identity comes first: it reports the allowance when the counts are level.
 */
export function rateLimitKeysOf(client: Pick<ClientContext, 'ip' | 'userId' | 'anonId'>): RateLimitKey[] {
  const address: RateLimitKey = { kind: 'ip', key: `ip:${addressKeyOf(client.ip)}` };
  if (client.userId) return [{ kind: 'user', key: `user:${client.userId}` }, address];
  if (client.anonId) return [{ kind: 'anonymous', key: `anonymous:${client.anonId}` }, address];
  return [address];
}
