import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useAppServices } from '../../../app/app-services';
import { useAuthActions } from '../auth-actions-context';
import { fieldErrorsOf, formErrorOf } from '../dialog/form-errors';

/** The word typed to confirm, for accounts without a password here (the hosted provider's). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Deletes the account after a confirmation: the password for built-in accounts, a typed word otherwise. */
export function DeleteAccountSection() {
  const { apis } = useAppServices();
  const { provider, forget } = useAuthActions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const needsPassword = provider !== 'clerk';

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setConfirmation('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && !confirmation) return setError('Enter your password to confirm.');
    if (!needsPassword && confirmation !== DELETE_CONFIRMATION_WORD) return setError(`Type ${DELETE_CONFIRMATION_WORD} to confirm.`);
    setDeleting(true);
    setError(null);
    try {
      await apis.users.deleteAccount(needsPassword ? confirmation : '');
    } catch (failure) {
      const fields = fieldErrorsOf(failure, ['password']);
      setError(fields.password ?? formErrorOf(failure, {}));
      setDeleting(false);
      return;
    }
    forget();
    await navigate({ to: '/' });
    queryClient.clear();
    notifications.show({ color: 'gray', title: 'Account deleted', message: 'Your Ringcheck account has been deleted.' });
  };

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" maw={480}>
          Deleting your account signs you out everywhere. Your calls, searches and locations are no longer linked to you.
        </Text>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title="Delete your account?" centered radius="lg">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Delete account">
          <Stack gap="md">
            <Text size="sm">This cannot be undone. You will be signed out on every device.</Text>
            {error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            {needsPassword ? (
              <PasswordInput
                label="Your password"
                autoComplete="current-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                disabled={deleting}
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
                data-autofocus
              />
            ) : (
              <TextInput
                label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                disabled={deleting}
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={deleting}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
