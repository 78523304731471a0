import type { CallStatus, ConnectionStatus } from '../calls/events';
import type { PlanId } from '../workspace/events';

/** How a user met a business: saved it, looked at it, or called it ('called' is never lost once a call was made). */
export type LocationInteractionType = 'saved' | 'viewed' | 'called';

/** The business a location is, as it was found (spec: place_search_result). */
export interface LocationPlaceView {
  /** plsr_… id of the search result it came from, or null for a number called directly. */
  id: string | null;
  discovery_id: string | null;
  place_id: string | null;
  name: string;
  address: string | null;
  phone_number: string | null;
  website: string | null;
  rating: number | null;
  rating_count: number | null;
  business_types: string[];
  business_status: string | null;
}

/** One business in the user's My Locations (spec section 3, Location). */
export interface LocationView {
  id: string;
  is_favorite: boolean;
  interaction_type: LocationInteractionType;
  interaction_count: number;
  /** Calls made to this business from this account (withdrawn ones excluded). */
  call_count: number;
  last_interacted_at: string;
  created_at: string;
  notes: string;
  metadata: Record<string, unknown>;
  place_search_result: LocationPlaceView;
}

/** `GET /api/users/locations/` (filters `interaction_type`, `favorites_only`), newest interaction first. */
export interface LocationListView {
  count: number;
  results: LocationView[];
}

/** `POST /api/users/locations/save/` (spec section 3, Saved location). */
export interface SaveLocationRequest {
  place_search_result_id: string;
  interaction_type?: 'saved' | 'viewed';
  notes?: string;
  metadata?: Record<string, unknown>;
  favorite?: boolean;
}

/** One call of a location's history, oldest first, as its chart plots it. */
export interface LocationCallPointView {
  id: string;
  created_at: string;
  status: CallStatus;
  connection_status: ConnectionStatus | null;
  /** From the start of the answered attempt's dialling to the pickup, in ms; null when nobody answered. */
  time_to_answer_ms: number | null;
  rings_before_pickup: number | null;
  attempts: number;
  overall_score: number | null;
}

/** `GET /api/users/locations/{id}/history/`: every call from this account to the business over time. */
export interface LocationHistoryView {
  location: LocationView;
  calls: LocationCallPointView[];
}

/** `GET /api/users/locations/summary/` (spec section 3, User call summary). */
export interface UserCallSummaryView {
  /** The account's first call, or null before it made one. */
  firstCall: { id: string; business_name: string; created_at: string } | null;
  totalCalls: number;
  completedCalls: number;
  inProgressCalls: number;
  /** Calls started within the last 24 hours. */
  recentCallActivity: number;
}

/** What a plan allows; null means unlimited. */
export interface PlanLimitsView {
  locations: number | null;
  test_calls_per_month: number | null;
}

export interface PlanView {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  price_per_month: number;
  limits: PlanLimitsView;
  features: string[];
}

/** `GET /api/users/plan/`: the user's plan, every plan, and this month's usage. */
export interface PlanUsageView {
  plan: PlanView;
  plans: PlanView[];
  /** Always false: payment is not implemented, so no premium feature is unlocked. */
  premium_access: boolean;
  usage: {
    /** The calendar month (UTC) the test-call count covers, YYYY-MM. */
    month: string;
    test_calls: number;
    locations: number;
    /** When the test-call count starts again (the next month's first instant, UTC). */
    resets_at: string;
  };
}

/** What a plan limit refuses (an `/upgrade?feature=` value). */
export type PlanLimitedFeature = 'test-calls' | 'locations';

/** The body of a 403 a plan limit answers: the web app links `upgrade.url`. */
export interface PlanLimitErrorView {
  error: 'plan_limit_reached';
  detail: string;
  user_message: string;
  plan: PlanId;
  limit: number;
  used: number;
  upgrade: { feature: PlanLimitedFeature; url: string };
}

/** `POST /api/business/profiles/` (spec section 3, Business profile). */
export interface CreateBusinessProfileRequest {
  name: string;
  address?: string;
  phone: string;
  email?: string;
  website?: string;
}

export interface BusinessProfileView {
  id: string;
  name: string;
  address: string | null;
  /** E.164. */
  phone: string;
  email: string | null;
  website: string | null;
  created_at: string;
}

export interface BusinessProfileListView {
  count: number;
  results: BusinessProfileView[];
}
