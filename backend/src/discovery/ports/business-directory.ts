import type { PortHealth } from '@ringcheck/projections';

/** What a visitor typed: a business name and a location (both trimmed, non-empty). */
export interface PlaceSearchQuery {
  businessName: string;
  location: string;
}

/** Google-style opening period: day 0 = Sunday … 6 = Saturday, local time of the business. */
export interface OpeningPeriod {
  open: { day: number; hour: number; minute: number };
  /** Absent for a place open 24 hours from `open`. */
  close?: { day: number; hour: number; minute: number };
}

/** One business as a directory knows it, before it becomes a place_search_result. */
export interface DirectoryPlace {
  /** The directory's own stable id (embedded: `dir-…`; Google: the place id). */
  placeId: string;
  name: string;
  address: string;
  /** National format, e.g. '(212) 555-0142'; null when unknown. */
  phoneNumber: string | null;
  /** E.164, e.g. '+12125550142'; null when unknown. */
  internationalPhoneNumber: string | null;
  website: string | null;
  rating: number | null;
  ratingCount: number | null;
  /** Google place types, e.g. ['plumber', 'point_of_interest', 'establishment']. */
  businessTypes: string[];
  /** OPERATIONAL, CLOSED_TEMPORARILY or CLOSED_PERMANENTLY; null when unknown. */
  businessStatus: string | null;
  /** Seven lines, Monday first, e.g. 'Monday: 9:00 AM – 5:00 PM'; empty when unknown. */
  weekdayText: string[];
  openingPeriods: OpeningPeriod[];
  /** IANA time zone of the business, when known (embedded directory). */
  timeZone: string | null;
  /** Offset from UTC in minutes at search time (Google gives this instead of a zone). */
  utcOffsetMinutes: number | null;
}

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
