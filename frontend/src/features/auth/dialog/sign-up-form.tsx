import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AuthUser } from '../auth-context';
import { useAuthActions } from '../auth-actions-context';
import { emailError, newPasswordError, PASSWORD_MIN_LENGTH } from './form-errors';
import { useAuthForm } from './use-auth-form';

type Field = 'first_name' | 'last_name' | 'email' | 'password';

interface SignUpFormProps {
  onSignedUp(user: AuthUser): void;
}

/** Creates a built-in account: name (optional), e-mail and a password of 10 to 200 characters. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuthActions();
  const { values, errors, formError, submitting, change, submit } = useAuthForm<Field>({
    initial: { first_name: '', last_name: '', email: '', password: '' },
    validate: (current) => ({ email: emailError(current.email), password: newPasswordError(current.password) }),
    send: (current) =>
      signUp({
        email: current.email.trim(),
        password: current.password,
        ...(current.first_name.trim() ? { first_name: current.first_name.trim() } : {}),
        ...(current.last_name.trim() ? { last_name: current.last_name.trim() } : {}),
      }),
    onDone: onSignedUp,
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={change('first_name')}
            error={errors.first_name}
            disabled={submitting}
            data-autofocus
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={change('last_name')}
            error={errors.last_name}
            disabled={submitting}
          />
        </Group>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          disabled={submitting}
          required
          withAsterisk={false}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          disabled={submitting}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          required
          withAsterisk={false}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Create account
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Your searches and test calls from this browser move into your new account.
        </Text>
      </Stack>
    </form>
  );
}
