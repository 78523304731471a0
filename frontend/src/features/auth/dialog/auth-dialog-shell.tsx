import { Modal, Tabs } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { useAuth } from '../auth-context';
import { type AuthDialogMode, useAuthDialogState } from '../auth-dialog-context';

const TITLES: Record<AuthDialogMode, string> = {
  'sign-in': 'Log in to Ringcheck',
  'sign-up': 'Create your Ringcheck account',
};

interface AuthDialogShellProps {
  /** What each tab shows: the built-in forms, the hosted provider's components, or why neither is available. */
  renderPanel(mode: AuthDialogMode): ReactNode;
}

/** The Login / Get Started modal: Sign in and Create account tabs. It closes once someone is signed in. */
export function AuthDialogShell({ renderPanel }: AuthDialogShellProps) {
  const { mode, setMode, close } = useAuthDialogState();
  const { user } = useAuth();
  // Keeps the title and tab while the modal fades out.
  const shown = useRef<AuthDialogMode>('sign-in');
  if (mode) shown.current = mode;
  const current = mode ?? shown.current;
  // Drawn closed first: loaded on its first opening, the modal still fades in.
  const mounted = useMounted();

  useEffect(() => {
    if (user && mode) close();
  }, [user, mode, close]);

  return (
    <Modal
      opened={mounted && mode !== null && !user}
      onClose={close}
      title={TITLES[current]}
      centered
      radius="lg"
      size={440}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Tabs value={current} onChange={(next) => next && setMode(next as AuthDialogMode)} keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
          <Tabs.Tab value="sign-up">Create account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sign-in">{renderPanel('sign-in')}</Tabs.Panel>
        <Tabs.Panel value="sign-up">{renderPanel('sign-up')}</Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
