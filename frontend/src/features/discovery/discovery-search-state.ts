import type { BusinessResult } from './business-result';

export type DiscoverySource = 'home' | 'explore';

export interface DiscoveryQuery {
  businessName: string;
  location: string;
}

/** What the results area shows: nothing yet, the search running, its results, or why there are none. */
export type DiscoverySearchState =
  | { phase: 'idle' }
  | { phase: 'searching'; query: DiscoveryQuery; discoveryId: string | null; startedAt: number; stillProcessing: boolean }
  | { phase: 'results'; query: DiscoveryQuery; discoveryId: string | null; results: BusinessResult[]; demo?: boolean }
  | { phase: 'failed'; query: DiscoveryQuery; discoveryId: string | null; message: string | null; reason: string | null }
  /** A status poll failed; `message` is null where the screen shows none (Explore). */
  | { phase: 'status-error'; query: DiscoveryQuery; discoveryId: string | null; message: string | null };

export const IDLE: DiscoverySearchState = { phase: 'idle' };
