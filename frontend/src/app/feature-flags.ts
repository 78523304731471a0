import { useQuery } from '@tanstack/react-query';
import type { FeatureFlag } from '../api/analytics-api';
import { featureFlagsQuery } from '../api/analytics-queries';
import { useAppServices } from './app-services';

/**
 * A feature flag as the server defines it (`GET /api/analytics/feature-flags/`). Until the flags are known,
 * or when they cannot be read, `fallback` stands: the state the product ships with.
 */
export function useFeatureFlag(name: string, fallback: boolean): FeatureFlag {
  const { apis } = useAppServices();
  const flags = useQuery(featureFlagsQuery(apis.analytics));
  return flags.data?.[name] ?? { enabled: fallback, config: {} };
}
