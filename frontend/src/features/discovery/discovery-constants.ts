/** Spec section 9: discovery status is polled every 3 s, at most 20 polls or 90 s. */
export const DISCOVERY_POLL_INTERVAL_MS = 3000;
export const DISCOVERY_MAX_POLLS = 20;
export const DISCOVERY_MAX_POLL_DURATION_MS = 90_000;

export const discoveryRoom = (discoveryId: string): string => `discovery:${discoveryId}`;

export const SEARCH_PLACEHOLDER_CARDS = 3;
