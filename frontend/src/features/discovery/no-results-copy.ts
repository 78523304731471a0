/** Why a search may have found nothing (spec section 2), as possibilities. */
const GENERIC_REASONS = {
  service: 'The business search service may be having a temporary problem',
  location: 'The location may be too broad or unclear',
  network: 'The network connection may have been interrupted',
} as const;

type ReasonKind = keyof typeof GENERIC_REASONS;

const KIND_OF_FAILURE: Record<string, ReasonKind> = {
  service_unavailable: 'service',
  quota_exceeded: 'service',
  auth_failed: 'service',
  timeout: 'service',
  internal: 'service',
  location_unclear: 'location',
  network: 'network',
};

export const SEARCH_TIPS = [
  'Use the exact business name as it appears on Google',
  'Add a street or neighborhood to the location',
  'Try a similar business type, such as “plumber” or “pizza”',
] as const;

/**
 * The reasons to list: the server's failure message first when there is one, then the generic
 * possibilities, without the one that message already states.
 */
export function failureReasons(message: string | null, failureReason: string | null): string[] {
  const stated = failureReason ? KIND_OF_FAILURE[failureReason] : undefined;
  const generic = (Object.keys(GENERIC_REASONS) as ReasonKind[]).filter((kind) => !message || kind !== stated);
  return [...(message ? [message] : []), ...generic.map((kind) => GENERIC_REASONS[kind])];
}
