import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/settings')({ component: SettingsPage });

function SettingsPage() {
  return (
    <AccountPage title="Settings">
      <ComingSoonCard
        centered={false}
        page="Settings"
        description="Your profile and notification preferences will be managed here."
        upcoming={['Profile details', 'Notification preferences']}
      />
    </AccountPage>
  );
}
