import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MouseEvent, ReactNode } from 'react';
import { planLimitOf } from '../../api/plans-api';
import { callModeOf, callStartErrorMessage, callStartNeedsSignup, type CallTarget } from '../calls/start';

const CALL_START_ERROR_TOAST = 'call-start-error';
/** Where the plans are when a plan limit's answer names no page of this app. */
const PLANS_PAGE = '/upgrade';

export interface CallStartErrorActions {
  /** Opens the sign-up dialog. */
  openSignUp(): void;
  /** Opens a page of this app, e.g. `/upgrade?feature=test-calls`. */
  openPage(href: string): void;
}

/** The plan limit's upgrade page, if it is a path of this app. */
const upgradeHrefOf = (url: string): string => (url.startsWith('/') && !url.startsWith('//') ? url : PLANS_PAGE);

/** A click that asks for a new tab or window is left to the browser. */
const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

function toastBody(error: unknown, message: string, actions: CallStartErrorActions): ReactNode {
  const leave = (then: () => void) => {
    notifications.hide(CALL_START_ERROR_TOAST);
    then();
  };
  const limit = planLimitOf(error);
  if (limit) {
    const href = upgradeHrefOf(limit.upgrade.url);
    const seePlans = (event: MouseEvent<HTMLAnchorElement>) => {
      if (opensElsewhere(event)) return;
      event.preventDefault();
      leave(() => actions.openPage(href));
    };
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor href={href} size="sm" fw={600} onClick={seePlans}>
          See plans
        </Anchor>
      </Stack>
    );
  }
  if (callStartNeedsSignup(error)) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" onClick={() => leave(actions.openSignUp)}>
          Sign Up Free
        </Button>
      </Stack>
    );
  }
  return message;
}

/**
 * The 'Error' toast of a call that did not start: the server's words, with a way to sign up when only an
 * account lets the call start, or a link to the plans when a plan limit refused it.
 */
export function showCallStartError(error: unknown, target: CallTarget, actions: CallStartErrorActions): void {
  const message = callStartErrorMessage(error, callModeOf(target));
  notifications.show({ id: CALL_START_ERROR_TOAST, color: 'red', title: 'Error', message: toastBody(error, message, actions) });
}
