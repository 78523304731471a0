import { notifications } from '@mantine/notifications';
import type { AuthUser } from '../auth-context';
import { useAuthActions } from '../auth-actions-context';
import { useAuthDialogState } from '../auth-dialog-context';
import { AuthDialogShell } from './auth-dialog-shell';
import { AuthUnavailable } from './auth-unavailable';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const greeting = (user: AuthUser) => user.firstName.trim();

/** The dialog for built-in accounts, or the reason sign-in cannot be offered. */
export function EmbeddedAuthDialog() {
  const { provider, unavailableReason } = useAuthActions();
  const { close } = useAuthDialogState();

  const welcome = (title: string, message: string) => {
    close();
    notifications.show({ color: 'teal', title, message, autoClose: 4000 });
  };

  return (
    <AuthDialogShell
      renderPanel={(mode) => {
        if (provider !== 'embedded') return <AuthUnavailable reason={unavailableReason} />;
        return mode === 'sign-in' ? (
          <SignInForm onSignedIn={(user) => welcome('Signed in', greeting(user) ? `Welcome back, ${greeting(user)}.` : 'Welcome back.')} />
        ) : (
          <SignUpForm
            onSignedUp={(user) => welcome('Account created', greeting(user) ? `Welcome to Ringcheck, ${greeting(user)}.` : 'Welcome to Ringcheck.')}
          />
        );
      }}
    />
  );
}
