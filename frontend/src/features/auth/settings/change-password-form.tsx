import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAppServices } from '../../../app/app-services';
import { type FieldErrors, fieldErrorsOf, formErrorOf, newPasswordError, PASSWORD_MIN_LENGTH } from '../dialog/form-errors';

type Field = 'current_password' | 'new_password' | 'confirm_password';
const SERVER_FIELDS = ['current_password', 'new_password'] as const;
const EMPTY: Record<Field, string> = { current_password: '', new_password: '', confirm_password: '' };

/** Changes the password of a built-in account; the server signs out every other session. */
export function ChangePasswordForm() {
  const { apis } = useAppServices();
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldErrors<Field> = {
      current_password: values.current_password ? undefined : 'Current password is required',
      new_password: newPasswordError(values.new_password),
      confirm_password: values.confirm_password === values.new_password ? undefined : 'The passwords do not match',
    };
    if (!local.new_password && values.new_password === values.current_password) {
      local.new_password = 'Choose a password different from the current one';
    }
    setErrors(local);
    setFormError(null);
    if (Object.values(local).some(Boolean)) return;
    setSaving(true);
    try {
      await apis.users.changePassword({ current_password: values.current_password, new_password: values.new_password });
      setValues(EMPTY);
      notifications.show({ color: 'teal', title: 'Password changed', message: 'Your other devices have been signed out.' });
    } catch (error) {
      const fromServer = fieldErrorsOf(error, SERVER_FIELDS);
      setErrors(fromServer);
      setFormError(formErrorOf(error, fromServer));
    } finally {
      setSaving(false);
    }
  };

  const input = (field: Field, label: string, autoComplete: string, description?: string) => (
    <PasswordInput
      label={label}
      description={description}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(event) => change(field)(event.currentTarget.value)}
      error={errors[field]}
      disabled={saving}
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${label.toLowerCase()}` }}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <Stack gap="md" maw={420}>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        {input('current_password', 'Current password', 'current-password')}
        {input('new_password', 'New password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        {input('confirm_password', 'Confirm new password', 'new-password')}
        <Group>
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
