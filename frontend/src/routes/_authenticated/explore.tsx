import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/explore')({ component: ExplorePage });

function ExplorePage() {
  return (
    <AccountPage title="Explore Businesses" subtitle="Discover and analyze new businesses in your area">
      <ComingSoonCard
        centered={false}
        page="Explore Businesses"
        description="Search for any business by name and location and start a test call from the results."
        upcoming={['Search by business name and location', 'Start a test call from any result']}
      />
    </AccountPage>
  );
}
