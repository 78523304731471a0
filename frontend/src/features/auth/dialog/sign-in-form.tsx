import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuthUser } from '../auth-context';
import { useAuthActions } from '../auth-actions-context';
import { ForgotPasswordNote } from './forgot-password-note';
import { emailError } from './form-errors';
import { useAuthForm } from './use-auth-form';

type Field = 'email' | 'password';

interface SignInFormProps {
  onSignedIn(user: AuthUser): void;
}

/** E-mail and password sign-in for built-in accounts. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { signIn } = useAuthActions();
  const [showReset, setShowReset] = useState(false);
  const { values, errors, formError, submitting, change, submit } = useAuthForm<Field>({
    initial: { email: '', password: '' },
    validate: (current) => ({ email: emailError(current.email), password: current.password ? undefined : 'Password is required' }),
    send: (current) => signIn({ email: current.email.trim(), password: current.password }),
    onDone: onSignedIn,
  });

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
