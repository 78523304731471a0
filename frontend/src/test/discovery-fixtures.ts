import type { Discovery, DiscoveryWithResults, PlaceSearchResult } from '../api/discoveries-api';

export const DISCOVERY_ID = 'disc_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';

export const discovery = (overrides: Partial<Discovery> = {}): Discovery => ({
  id: DISCOVERY_ID,
  status: 'pending',
  status_display: 'Pending',
  business_name: 'Pizza Palace',
  location: 'New York, NY',
  results_count: 0,
  failure_reason: null,
  error: null,
  created_at: '2026-01-05T15:00:00.000Z',
  updated_at: '2026-01-05T15:00:00.000Z',
  completed_at: null,
  ...overrides,
});

export const PIZZA_PALACE: PlaceSearchResult = {
  id: 'plsr_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  discovery_id: DISCOVERY_ID,
  place_id: 'dir-new-york-ny-001',
  name: 'Pizza Palace',
  address: '2278 Amsterdam Ave, New York, NY 10001',
  phone_number: '(646) 555-0121',
  international_phone_number: '+16465550121',
  website: 'https://pizza-palace.example.com',
  rating: 3.94,
  rating_count: 29,
  business_types: ['pizza_restaurant', 'restaurant'],
  business_status: 'OPERATIONAL',
  hours: {
    weekday_text: [
      'Monday: 11:00 AM – 12:00 AM',
      'Tuesday: 11:00 AM – 12:00 AM',
      'Wednesday: 11:00 AM – 12:00 AM',
      'Thursday: 11:00 AM – 12:00 AM',
      'Friday: 11:00 AM – 2:00 AM',
      'Saturday: 11:00 AM – 2:00 AM',
      'Sunday: 11:00 AM – 12:00 AM',
    ],
  },
  time_zone: 'America/New_York',
};

export const CORNER_SLICE: PlaceSearchResult = {
  id: 'plsr_8e2a3b4c-5d6e-4f70-8a9b-1c2d3e4f5a6b',
  discovery_id: DISCOVERY_ID,
  place_id: 'dir-new-york-ny-002',
  name: 'Corner Slice',
  address: '15 Bleecker St, New York, NY 10012',
  phone_number: null,
  international_phone_number: null,
  website: null,
  rating: null,
  rating_count: null,
  business_types: ['restaurant'],
  business_status: 'CLOSED_TEMPORARILY',
  hours: null,
  time_zone: 'America/New_York',
};

export const completedDiscovery = (results: PlaceSearchResult[] = [PIZZA_PALACE]): DiscoveryWithResults => ({
  ...discovery({ status: 'completed', status_display: 'Completed', results_count: results.length }),
  place_search_results: results,
});
