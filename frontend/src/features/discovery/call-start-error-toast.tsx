import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { callModeOf, callStartErrorMessage, callStartNeedsSignup, type CallTarget } from '../calls/start';

const CALL_START_ERROR_TOAST = 'call-start-error';

/** The 'Error' toast of a call that did not start; when only an account lets it start, a way to sign up. */
export function showCallStartError(error: unknown, target: CallTarget, openSignUp: () => void): void {
  const message = callStartErrorMessage(error, callModeOf(target));
  const signUp = () => {
    notifications.hide(CALL_START_ERROR_TOAST);
    openSignUp();
  };
  notifications.show({
    id: CALL_START_ERROR_TOAST,
    color: 'red',
    title: 'Error',
    message: callStartNeedsSignup(error) ? (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" onClick={signUp}>
          Sign Up Free
        </Button>
      </Stack>
    ) : (
      message
    ),
  });
}
