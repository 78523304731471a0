import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

const FEATURES = ['weekly-checkups', 'competitor-analysis'] as const;
type UpgradeFeature = (typeof FEATURES)[number];

interface UpgradeSearch {
  feature?: UpgradeFeature;
}

export const Route = createFileRoute('/_authenticated/upgrade')({
  validateSearch: (search: Record<string, unknown>): UpgradeSearch =>
    FEATURES.includes(search.feature as UpgradeFeature) ? { feature: search.feature as UpgradeFeature } : {},
  component: UpgradePage,
});

const FEATURE_NAMES: Record<UpgradeFeature, string> = {
  'weekly-checkups': 'Weekly checkups',
  'competitor-analysis': 'Competitor analysis',
};

function UpgradePage() {
  const { feature } = Route.useSearch();
  return (
    <AccountPage title="Upgrade" subtitle={feature ? `${FEATURE_NAMES[feature]} is part of the Pro plan.` : undefined}>
      <ComingSoonCard
        centered={false}
        page="Upgrade"
        description="A comparison of the Free, Pro and Enterprise plans will be shown here."
        upcoming={[
          'Free: 1 location, 5 test calls per month',
          'Pro: up to 5 locations, unlimited test calls',
          'Enterprise: unlimited locations, daily checkups',
        ]}
      />
    </AccountPage>
  );
}
