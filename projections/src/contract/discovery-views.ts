import type { DiscoveryFailureReason, DiscoveryStatus } from '../discovery/events';

/** A discovery as the API shows it (spec section 3). */
export interface DiscoveryView {
  id: string;
  status: DiscoveryStatus;
  status_display: string;
  business_name: string;
  location: string;
  results_count: number;
  failure_reason: DiscoveryFailureReason | null;
  /** Why the search failed, in a sentence for people. */
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface PlaceHoursView {
  weekday_text: string[];
}

/** One business a discovery found (the server form of a business search result). */
export interface PlaceSearchResultView {
  id: string;
  discovery_id: string;
  place_id: string;
  name: string;
  address: string;
  phone_number: string | null;
  international_phone_number: string | null;
  website: string | null;
  rating: number | null;
  rating_count: number | null;
  business_types: string[];
  business_status: string | null;
  hours: PlaceHoursView | null;
  time_zone: string | null;
}

export interface DiscoveryWithResultsView extends DiscoveryView {
  place_search_results: PlaceSearchResultView[];
}

export interface DiscoveryListView {
  count: number;
  results: DiscoveryView[];
}

/** `POST /api/discoveries/`. */
export interface CreateDiscoveryRequest {
  business_name: string;
  location: string;
}
