import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ExploreDiscovery } from '../../features/discovery/components/explore-discovery';

export const Route = createFileRoute('/_authenticated/explore')({ component: ExplorePage });

function ExplorePage() {
  return (
    <AccountPage title="Explore Businesses" subtitle="Discover and analyze new businesses in your area">
      <ExploreDiscovery />
    </AccountPage>
  );
}
