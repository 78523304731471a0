import { largeJsonBodyOptions } from '../../infrastructure/http';

/**
 * The batch endpoint reads larger bodies than the rest of the API (256 kB, 2,000 values): up to 100
 * messages and 500 kB of JSON, as Segment's batch API does. Its own parser runs first on that path;
 * the global parser then finds the body read and leaves it.
 */
export const ANALYTICS_BATCH_BODY = {
  path: '/api/analytics/batch',
  options: largeJsonBodyOptions('512kb', { maxDepth: 32, maxValues: 20_000 }),
} as const;
