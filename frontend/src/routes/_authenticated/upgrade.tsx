import { createFileRoute } from '@tanstack/react-router';
import { UPGRADE_FEATURES, type UpgradeFeature } from '../../features/onboarding/upgrade/plans';
import { UpgradePage } from '../../features/onboarding/upgrade/upgrade-page';

interface UpgradeSearch {
  feature?: UpgradeFeature;
}

export const Route = createFileRoute('/_authenticated/upgrade')({
  validateSearch: (search: Record<string, unknown>): UpgradeSearch =>
    UPGRADE_FEATURES.includes(search.feature as UpgradeFeature) ? { feature: search.feature as UpgradeFeature } : {},
  component: UpgradeRoute,
});

function UpgradeRoute() {
  const { feature } = Route.useSearch();
  return <UpgradePage feature={feature} />;
}
