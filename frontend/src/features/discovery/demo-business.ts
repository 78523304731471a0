import type { BusinessResult } from './business-result';
import type { DiscoveryQuery, DiscoverySearchState } from './discovery-search-state';

/** The one business of the home test mode; its call is the mock test call, which rings this business on the sandbox network. */
export const DEMO_BUSINESS: BusinessResult = {
  id: 'demo-business',
  discoveryId: null,
  name: 'Demo Plumbing Co.',
  address: '100 Example Street, New York, NY 10001',
  phone: '(212) 555-0199',
  dialNumber: '+12125550199',
  website: null,
  rating: 4.8,
  ratingCount: 126,
  hours: [
    'Monday: Open 24 hours',
    'Tuesday: Open 24 hours',
    'Wednesday: Open 24 hours',
    'Thursday: Open 24 hours',
    'Friday: Open 24 hours',
    'Saturday: Open 24 hours',
    'Sunday: Open 24 hours',
  ],
  timeZone: 'America/New_York',
  businessStatus: 'OPERATIONAL',
  businessTypes: ['plumber'],
};

export const demoResults = (query: DiscoveryQuery): DiscoverySearchState => ({
  phase: 'results',
  query,
  discoveryId: null,
  results: [DEMO_BUSINESS],
  demo: true,
});
