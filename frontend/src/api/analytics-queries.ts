import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsApi } from './analytics-api';

export const featureFlagsKey = ['analytics', 'feature-flags'] as const;
export const rateLimitStatusKey = ['analytics', 'rate-limits'] as const;

/** The feature flags; they change with a release, so one read a page load (and a retry) is enough. */
export const featureFlagsQuery = (api: Pick<AnalyticsApi, 'featureFlags'>) =>
  queryOptions({ queryKey: featureFlagsKey, queryFn: () => api.featureFlags(), staleTime: 10 * 60_000 });

/** The caller's general allowance this minute; read where searches and calls start, and again after a 429. */
export const rateLimitStatusQuery = (api: Pick<AnalyticsApi, 'rateLimits'>) =>
  queryOptions({ queryKey: rateLimitStatusKey, queryFn: () => api.rateLimits(), staleTime: 15_000, retry: false });
