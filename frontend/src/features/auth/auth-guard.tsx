import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isSignedIn, useAuth } from './auth-context';
import { useAuthDialog } from './auth-dialog-context';

interface AuthGuardProps {
  children: ReactNode;
  /** Shown to signed-out visitors instead of the default message. */
  fallback?: ReactNode;
}

/** Renders its children for signed-in users only (spec section 2, guarded routes). */
export function AuthGuard({ children, fallback }: AuthGuardProps) {
  const auth = useAuth();
  const dialog = useAuthDialog();

  if (auth.status === 'loading') {
    return (
      <Center py={96}>
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text c="dimmed">Loading...</Text>
        </Stack>
      </Center>
    );
  }

  if (isSignedIn(auth)) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;

  return (
    <Center py={80} px="md">
      <Card withBorder radius="lg" padding="xl" maw={440} w="100%" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            Authentication Required
          </Title>
          <Text c="dimmed">Please sign in to access this page.</Text>
          <Button mt="sm" onClick={() => dialog.open('sign-in')}>
            Sign in
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
