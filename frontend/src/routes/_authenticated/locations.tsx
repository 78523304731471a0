import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/locations')({ component: MyLocationsPage });

function MyLocationsPage() {
  return (
    <AccountPage title="My Locations" subtitle="Businesses you've called and analyzed">
      <ComingSoonCard
        centered={false}
        page="My Locations"
        description="The businesses you have called will be collected here, with favourites and their latest results."
        upcoming={['Favourite the locations you care about', 'See how often each one was called']}
      />
    </AccountPage>
  );
}
