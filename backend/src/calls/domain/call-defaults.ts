import type { CalledBusinessData } from '@ringcheck/projections';

/** The fictional number the sandbox caller dials from (reserved 555-01xx range). */
export const SANDBOX_CALLER_NUMBER = '+12125550100';

/** The business the demo/demo test mode calls: always on the sandbox network, open around the clock. */
export const DEMO_BUSINESS: CalledBusinessData = {
  // Chosen so the sandbox profile answers in person after a few rings, professionally (a test guards it).
  placeId: 'demo-ringcheck-plumbing-10',
  name: 'Demo Plumbing Co.',
  businessTypes: ['plumber', 'point_of_interest', 'establishment'],
  timeZone: 'America/New_York',
  utcOffsetMinutes: null,
  openingPeriods: [{ open: { day: 0, hour: 0, minute: 0 } }],
};
export const DEMO_BUSINESS_NUMBER = '+12125550199';
