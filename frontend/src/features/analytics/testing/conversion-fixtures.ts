import type { UserRole } from '@ringcheck/projections/contract';
import type { ConversionReport } from '../../../api/conversion-api';
import { type AuthState, signedOutAuth } from '../../auth/auth-context';

export const REPORT_PATH = '/api/analytics/conversion/';
export const reportPath = (query: Record<string, string>) => `${REPORT_PATH}?${new URLSearchParams(query)}`;

const user = { id: 'user_4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f60718', email: 'analyst@example.com', firstName: 'Robin' };

const session = (roles: UserRole[]): AuthState => ({
  ...signedOutAuth,
  user: { ...user, roles },
  getToken: async () => 'analyst-token',
  refreshToken: async () => 'analyst-token',
});

export const ANALYST = session(['analyst']);
export const NOT_ANALYST = session([]);

/** Three weeks of figures from two sources, as the server answers the default range. */
export const REPORT: ConversionReport = {
  from: '2026-11-02',
  to: '2026-11-22',
  as_of: { position: 1234, occurred_at: '2026-11-24T15:00:05.000Z' },
  funnel: { visitors: 120, searched: 84, called: 30, signed_up: 12 },
  time_to_conversion: [
    { bucket: '<1h', visitors: 5 },
    { bucket: '1-24h', visitors: 4 },
    { bucket: '1-7d', visitors: 2 },
    { bucket: '7-30d', visitors: 1 },
    { bucket: '>30d', visitors: 0 },
  ],
  median_hours_to_conversion: 2.5,
  weeks: [
    { week: '2026-11-02', visitors: 30, searched: 20, called: 6, signed_up: 2 },
    { week: '2026-11-09', visitors: 40, searched: 30, called: 12, signed_up: 5 },
    { week: '2026-11-16', visitors: 50, searched: 34, called: 12, signed_up: 5 },
  ],
  sources: [
    { source: 'direct', visitors: 70, searched: 50, called: 20, signed_up: 9 },
    { source: 'newsletter, "winter"', visitors: 50, searched: 34, called: 10, signed_up: 3 },
  ],
};

/** A range nobody first visited in. */
export const EMPTY_REPORT: ConversionReport = {
  ...REPORT,
  from: '2026-01-05',
  to: '2026-01-11',
  funnel: { visitors: 0, searched: 0, called: 0, signed_up: 0 },
  time_to_conversion: REPORT.time_to_conversion.map((bucket) => ({ ...bucket, visitors: 0 })),
  median_hours_to_conversion: null,
  weeks: [{ week: '2026-01-05', visitors: 0, searched: 0, called: 0, signed_up: 0 }],
  sources: [],
};
