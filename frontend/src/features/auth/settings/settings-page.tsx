import { Stack, Text } from '@mantine/core';
import { AccountPage } from '../../../components/account-page';
import { useAuthActions } from '../auth-actions-context';
import { useAuth } from '../auth-context';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { LinkedActivitySection } from './linked-activity-section';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

/** /settings: profile, password, earlier visits, and deleting the account. */
export function SettingsPage() {
  const { user } = useAuth();
  const { provider } = useAuthActions();
  if (!user) return null;
  return (
    <AccountPage title="Settings" subtitle="Your profile, password and account.">
      <Stack gap="lg" maw={760}>
        <SettingsSection title="Profile" description="How Ringcheck greets you.">
          <ProfileForm key={user.id} user={user} />
        </SettingsSection>
        <SettingsSection title="Password" description="Changing it signs you out on your other devices.">
          {provider === 'clerk' ? (
            <Text size="sm">Your password is managed by your sign-in provider.</Text>
          ) : (
            <ChangePasswordForm />
          )}
        </SettingsSection>
        <SettingsSection title="Earlier visits" description="What you did on this browser before signing in.">
          <LinkedActivitySection />
        </SettingsSection>
        <SettingsSection title="Delete account" danger>
          <DeleteAccountSection />
        </SettingsSection>
      </Stack>
    </AccountPage>
  );
}
