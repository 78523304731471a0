import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/help')({ component: HelpPage });

function HelpPage() {
  return (
    <AccountPage title="Help & Support">
      <ComingSoonCard
        centered={false}
        page="Help & Support"
        description="Guides and ways to reach the Ringcheck team will be collected here."
        upcoming={['Guides to reading your call reports', 'Contacting support']}
      />
    </AccountPage>
  );
}
