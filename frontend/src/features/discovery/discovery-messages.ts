/** Toasts and messages of the discovery flow (spec section 8), verbatim. */
export const DISCOVERY_MESSAGES = {
  startedTitle: 'Discovery started',
  startedMessage: 'Searching for businesses matching your criteria...',
  completedTitle: 'Discovery completed',
  completedMessage: 'Found businesses matching your criteria',
  noResults: 'No businesses found for your search criteria.',
  failedTitle: 'Discovery failed',
  failedFallback: 'Please try again later',
  notFoundTitle: 'Discovery Failed',
  notFoundMessage: "We couldn't find information for this business. Please try again.",
  stillProcessingTitle: 'Still Processing',
  stillProcessingMessage: "Taking longer than usual. We'll continue processing in the background.",
  statusCheckError: 'Error checking discovery status. Please try again.',
} as const;
