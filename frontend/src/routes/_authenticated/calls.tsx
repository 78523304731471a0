import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/calls')({ component: MyCallsPage });

function MyCallsPage() {
  return (
    <AccountPage title="My Calls">
      <ComingSoonCard
        centered={false}
        page="My Calls"
        description="Every test call you place will be listed here, with its status and report."
        upcoming={[
          'Totals for completed, in-progress and attention-needing calls',
          'Search, filter and sort your calls',
          'Open the report of any completed call',
        ]}
      />
    </AccountPage>
  );
}
