import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { AuthUser } from '../auth-context';
import { useAuthActions } from '../auth-actions-context';
import { ForgotPasswordNote } from './forgot-password-note';
import { emailError, type FieldErrors, fieldErrorsOf, formErrorOf } from './form-errors';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

interface SignInFormProps {
  onSignedIn(user: AuthUser): void;
}

/** E-mail and password sign-in for built-in accounts. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { signIn } = useAuthActions();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showReset, setShowReset] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldErrors<Field> = {
      email: emailError(values.email),
      password: values.password ? undefined : 'Password is required',
    };
    setErrors(local);
    setFormError(null);
    if (local.email || local.password) return;
    setSubmitting(true);
    try {
      const user = await signIn({ email: values.email.trim(), password: values.password });
      onSignedIn(user);
    } catch (error) {
      const fromServer = fieldErrorsOf(error, FIELDS);
      setErrors(fromServer);
      setFormError(formErrorOf(error, fromServer));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          disabled={submitting}
          data-autofocus
          required
          withAsterisk={false}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          disabled={submitting}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          required
          withAsterisk={false}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={() => setShowReset((shown) => !shown)}>
            Forgot password?
          </Anchor>
        </Group>
        {showReset && <ForgotPasswordNote />}
        <Button type="submit" fullWidth loading={submitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
