import { analyticsEventTotalsProjection, anonymousVisitorsProjection, featureFlagsProjection } from './analytics';
import { callReportsProjection, callsProjection } from './calls';
import { conversionProjection } from './conversion';
import { discoveriesProjection } from './discovery';
import { identityProjections } from './identity';
import { onboardingProjection } from './onboarding';
import type { ProjectionDefinition } from './projection';
import { businessProfilesProjection, locationsProjection } from './workspace';

/** Every read model of the product; the runner keeps each of them current. */
export const allProjections: readonly ProjectionDefinition<any>[] = [
  anonymousVisitorsProjection,
  analyticsEventTotalsProjection,
  featureFlagsProjection,
  discoveriesProjection,
  callsProjection,
  callReportsProjection,
  onboardingProjection,
  locationsProjection,
  businessProfilesProjection,
  ...identityProjections,
  conversionProjection,
];
