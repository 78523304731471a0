import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { usePageTitle } from '../../../components/use-page-title';
import { useAuthDialog } from '../auth-dialog-context';

/** What a signed-out visitor sees instead of a guarded page (spec section 2). */
export function SignInRequired() {
  usePageTitle('Sign in');
  const dialog = useAuthDialog();
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
