import type { Location, LocationCallPoint, LocationHistory, LocationPlace } from '../../../api/locations-api';
import { DISCOVERY_ID, PIZZA_PALACE } from '../../../test/discovery-fixtures';
import { OWNER } from '../../calls/testing/call-fixtures';

/** Test data in the shape the locations API answers, for the owner of the call fixtures. */
export const LOCATIONS_OWNER = OWNER;
export const USER_ROOM = `user:${OWNER.user!.id}`;
export const LIST_PATH = '/api/users/locations/';

export const historyPath = (id: string) => `/api/users/locations/${id}/history/`;
export const favoritePath = (id: string) => `/api/users/locations/${id}/toggle-favorite/`;

const place = (overrides: Partial<LocationPlace> = {}): LocationPlace => ({
  id: PIZZA_PALACE.id,
  discovery_id: DISCOVERY_ID,
  place_id: PIZZA_PALACE.place_id,
  name: 'Pizza Palace',
  address: '2278 Amsterdam Ave, New York, NY 10001',
  phone_number: '+16465550121',
  website: 'https://www.pizza-palace.example.com/',
  rating: 4.5,
  rating_count: 29,
  business_types: ['pizza_restaurant', 'restaurant', 'food', 'point_of_interest', 'establishment'],
  business_status: 'OPERATIONAL',
  ...overrides,
});

export const location = (overrides: Partial<Location> = {}, placeOverrides: Partial<LocationPlace> = {}): Location => ({
  id: 'loc_2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
  is_favorite: false,
  interaction_type: 'called',
  interaction_count: 2,
  call_count: 2,
  last_interacted_at: '2026-11-25T15:00:00.000Z',
  created_at: '2026-11-20T15:00:00.000Z',
  notes: '',
  metadata: {},
  place_search_result: place(placeOverrides),
  ...overrides,
});

/** Called twice, found by a search. */
export const PIZZA = location();

/** Saved once, a favourite, temporarily closed, without rating or website. */
export const HARBOR = location(
  {
    id: 'loc_3c4d5e6f-7081-4293-a4b5-c6d7e8f90a12',
    is_favorite: true,
    interaction_type: 'saved',
    interaction_count: 1,
    call_count: 0,
    last_interacted_at: '2026-11-20T15:00:00.000Z',
  },
  {
    id: 'plsr_8e2f3a4b-5c6d-4e7f-9a0b-1c2d3e4f5a6b',
    name: 'Harbor Dental',
    address: '14 Harbor St, Boston, MA 02110',
    phone_number: '(617) 555-0142',
    website: null,
    rating: null,
    rating_count: null,
    business_types: ['dentist'],
    business_status: 'CLOSED_TEMPORARILY',
  },
);

/** A number called directly: no search result behind it. */
export const DIRECT_NUMBER = location(
  { id: 'loc_4d5e6f70-8192-43a4-b5c6-d7e8f90a1b23', interaction_count: 1, call_count: 1, last_interacted_at: '2026-11-18T15:00:00.000Z' },
  {
    id: null,
    discovery_id: null,
    place_id: null,
    name: '(512) 555-0188',
    address: null,
    phone_number: '+15125550188',
    website: null,
    rating: null,
    rating_count: null,
    business_types: [],
    business_status: null,
  },
);

export const ANSWERED_CALL: LocationCallPoint = {
  id: 'call_0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  created_at: '2026-11-20T15:00:00.000Z',
  status: 'completed',
  connection_status: 'answered',
  time_to_answer_ms: 16_100,
  rings_before_pickup: 3,
  attempts: 1,
  overall_score: 9.3,
};

export const BUSY_CALL: LocationCallPoint = {
  id: 'call_1b2c3d4e-5f60-4b7c-9d8e-0f1a2b3c4d5e',
  created_at: '2026-11-25T15:00:00.000Z',
  status: 'failed',
  connection_status: 'busy',
  time_to_answer_ms: null,
  rings_before_pickup: null,
  attempts: 3,
  overall_score: null,
};

export const pizzaHistory = (calls: LocationCallPoint[] = [ANSWERED_CALL, BUSY_CALL]): LocationHistory => ({ location: PIZZA, calls });
