import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Call } from '../../../api/calls-api';
import { useAppServices } from '../../../app/app-services';
import { CALL_MESSAGES } from '../call-messages';
import { businessNameOf } from '../display/business-name';

export interface CancelCall {
  cancel(call: Call): void;
  canceling: boolean;
}

/**
 * Cancels a running call with the spec's toasts: 'Canceling Call', then 'Call Canceled' or the failure
 * text. The answer replaces the shown call; after a failure the call is read again.
 */
export function useCancelCall(onAnswer: (call: Call) => void, onFailure: () => void): CancelCall {
  const { apis } = useAppServices();
  const mutation = useMutation({ mutationKey: ['calls', 'cancel'], mutationFn: (id: string) => apis.calls.cancel(id) });
  const { mutate } = mutation;

  const cancel = useCallback(
    (call: Call) => {
      const toast = notifications.show({
        loading: true,
        title: CALL_MESSAGES.cancelingTitle,
        message: `Ending the call to ${businessNameOf(call)}...`,
        autoClose: false,
        withCloseButton: false,
      });
      mutate(call.id, {
        onSuccess: (answer) => {
          notifications.hide(toast);
          notifications.show({ color: 'teal', title: CALL_MESSAGES.canceledTitle, message: CALL_MESSAGES.canceled });
          onAnswer(answer);
        },
        onError: () => {
          notifications.hide(toast);
          notifications.show({ color: 'red', title: 'Error', message: CALL_MESSAGES.cancelFailed });
          onFailure();
        },
      });
    },
    [mutate, onAnswer, onFailure],
  );

  return { cancel, canceling: mutation.isPending };
}
