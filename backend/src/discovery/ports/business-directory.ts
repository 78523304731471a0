import type { OpeningPeriodData, PlaceSearchResultData, PortHealth } from '@ringcheck/projections';

/** What a visitor typed: a business name and a location (both trimmed, non-empty). */
export interface PlaceSearchQuery {
  businessName: string;
  location: string;
}

/** Google-style opening period: day 0 = Sunday … 6 = Saturday, local time of the business; no `close` for a place open 24 hours. */
export type OpeningPeriod = OpeningPeriodData;

/** One business as a directory knows it, before it becomes a place_search_result (which adds its `plsr_` id). */
export type DirectoryPlace = Omit<PlaceSearchResultData, 'id'>;

export type DirectoryFailureReason = 'service_unavailable' | 'quota_exceeded' | 'auth_failed' | 'network' | 'location_unclear';

/** A search that could not be completed; `reason` becomes the discovery's failure reason. */
export class DirectorySearchError extends Error {
  constructor(
    readonly reason: DirectoryFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'DirectorySearchError';
  }
}

export interface DirectorySearchOptions {
  /** At most this many results, best first (default 10). */
  limit?: number;
  signal?: AbortSignal;
}

/** The business directory port: the bundled directory by default, Google Places when a key is set. */
export interface BusinessDirectory {
  readonly adapterName: string;
  /** Best matches first; an empty list when nothing fits. Throws DirectorySearchError on failure. */
  search(query: PlaceSearchQuery, options?: DirectorySearchOptions): Promise<DirectoryPlace[]>;
  health(): Promise<PortHealth>;
}

export const BUSINESS_DIRECTORY = Symbol('BUSINESS_DIRECTORY');
