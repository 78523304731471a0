/** Discovery shapes as the product API sends them (spec sections 3 and 7). */
export type DiscoveryStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export type DiscoveryFailureReason =
  'service_unavailable' | 'quota_exceeded' | 'auth_failed' | 'network' | 'location_unclear' | 'timeout' | 'internal';

export interface Discovery {
  id: string;
  status: DiscoveryStatus;
  status_display?: string;
  business_name?: string;
  location?: string;
  results_count?: number;
  failure_reason?: DiscoveryFailureReason | string | null;
  /** Why the search failed, in a sentence for people. */
  error?: string | null;
  created_at?: string;
  updated_at?: string;
  completed_at?: string | null;
}

export interface PlaceHours {
  weekday_text?: string[];
  weekday_descriptions?: string[];
}

/** One business a discovery found (the server form of a business search result). */
export interface PlaceSearchResult {
  id: string;
  discovery_id?: string;
  place_id?: string;
  name: string;
  address: string;
  phone_number: string | null;
  international_phone_number?: string | null;
  website: string | null;
  rating: number | null;
  rating_count?: number | null;
  business_types?: string[];
  business_status?: string | null;
  hours?: PlaceHours | null;
  time_zone?: string | null;
}

export interface DiscoveryWithResults extends Discovery {
  place_search_results: PlaceSearchResult[];
}

export interface DiscoveryList {
  count: number;
  results: Discovery[];
}

export interface CreateDiscoveryRequest {
  business_name: string;
  location: string;
}

export const isSettled = (status: DiscoveryStatus): boolean => status === 'completed' || status === 'failed';
