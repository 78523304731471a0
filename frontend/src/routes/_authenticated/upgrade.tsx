import { createFileRoute } from '@tanstack/react-router';
import { UPGRADE_FEATURES, type UpgradeFeature } from '../../features/onboarding/upgrade/upgrade-features';
import { UpgradePage } from '../../features/onboarding/upgrade/upgrade-page';

interface UpgradeSearch {
  feature?: UpgradeFeature;
}

/** No loader: the plans show at once, and the page reads the user's usage itself (and says when it cannot). */
export const Route = createFileRoute('/_authenticated/upgrade')({
  validateSearch: (search: Record<string, unknown>): UpgradeSearch =>
    UPGRADE_FEATURES.includes(search.feature as UpgradeFeature) ? { feature: search.feature as UpgradeFeature } : {},
  component: UpgradeRoute,
});

function UpgradeRoute() {
  const { feature } = Route.useSearch();
  return <UpgradePage feature={feature} />;
}
