import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { AuthDialogContext, type AuthDialogMode } from './auth-dialog-context';

const TITLES: Record<AuthDialogMode, string> = {
  'sign-in': 'Log in to Ringcheck',
  'sign-up': 'Create your Ringcheck account',
};

/** The Login and Get Started dialog. Accounts are not available yet, and the dialog says so. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  const controls = useMemo(() => ({ open: (next: AuthDialogMode) => setMode(next) }), []);

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      <Modal
        opened={mode !== null}
        onClose={() => setMode(null)}
        title={mode ? TITLES[mode] : ''}
        centered
        radius="lg"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="xl">
              <IconLock size={20} />
            </ThemeIcon>
            <Text size="sm">
              Sign-in arrives soon. Accounts are not open yet in this release, so there is nothing to sign in to
              today.
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            When accounts open, signing in will unlock full call analyses, your call history, saved locations and
            the first-call checklist.
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setMode(null)}>Got it</Button>
          </Group>
        </Stack>
      </Modal>
    </AuthDialogContext.Provider>
  );
}
