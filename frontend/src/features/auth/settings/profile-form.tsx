import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAppServices } from '../../../app/app-services';
import { useAuthActions } from '../auth-actions-context';
import type { AuthUser } from '../auth-context';
import { type FieldErrors, fieldErrorsOf, formErrorOf } from '../dialog/form-errors';
import { userFromApi } from '../session/user-from-api';

type Field = 'first_name' | 'last_name';
const FIELDS: readonly Field[] = ['first_name', 'last_name'];
const NAME_MAX_LENGTH = 100;

/** First and last name; the e-mail is shown but cannot be changed here. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { apis } = useAppServices();
  const { replaceUser } = useAuthActions();
  const [values, setValues] = useState<Record<Field, string>>({ first_name: user.firstName, last_name: user.lastName ?? '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unchanged = values.first_name.trim() === user.firstName && values.last_name.trim() === (user.lastName ?? '');

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldErrors<Field> = {};
    for (const field of FIELDS) {
      if (values[field].trim().length > NAME_MAX_LENGTH) local[field] = `At most ${NAME_MAX_LENGTH} characters`;
    }
    setErrors(local);
    setFormError(null);
    if (Object.values(local).some(Boolean)) return;
    setSaving(true);
    try {
      const saved = await apis.users.updateProfile({ first_name: values.first_name.trim() || null, last_name: values.last_name.trim() || null });
      const next = userFromApi(saved);
      replaceUser(next);
      setValues({ first_name: next.firstName, last_name: next.lastName ?? '' });
      notifications.show({ color: 'teal', title: 'Profile saved', message: 'Your name is updated everywhere in Ringcheck.' });
    } catch (error) {
      const fromServer = fieldErrorsOf(error, FIELDS);
      setErrors(fromServer);
      setFormError(formErrorOf(error, fromServer));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={(event) => change('first_name')(event.currentTarget.value)}
            error={errors.first_name}
            disabled={saving}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={(event) => change('last_name')(event.currentTarget.value)}
            error={errors.last_name}
            disabled={saving}
          />
        </Group>
        <TextInput label="E-mail" value={user.email} readOnly description="Your e-mail address cannot be changed yet." />
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={unchanged}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
