import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/getting-started')({ component: GettingStartedPage });

function GettingStartedPage() {
  return (
    <AccountPage title="Getting Started">
      <ComingSoonCard
        centered={false}
        page="Getting Started"
        description="Your first-call checklist will guide you from your first test call to weekly checkups."
        upcoming={[
          'Place your first call checkup',
          'Add a location',
          'Weekly checkups (Pro)',
          'Competitor analysis (Pro)',
        ]}
      />
    </AccountPage>
  );
}
