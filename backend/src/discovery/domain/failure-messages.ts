import type { DiscoveryFailureReason } from '@ringcheck/projections';

/** What the visitor reads when a search could not be completed (spec: the three failure reasons). */
export const DISCOVERY_FAILURE_MESSAGES: Record<DiscoveryFailureReason, string> = {
  service_unavailable: 'The business search service is having a temporary problem.',
  quota_exceeded: 'The business search service is having a temporary problem.',
  auth_failed: 'The business search service is having a temporary problem.',
  timeout: 'The business search service is having a temporary problem.',
  internal: 'The business search service is having a temporary problem.',
  location_unclear: 'The location is too broad or unclear.',
  network: 'The network connection was interrupted during the search.',
};
