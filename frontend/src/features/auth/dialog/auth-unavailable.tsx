import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** Shown in the dialog while sign-in is loading, or when it cannot be offered. */
export function AuthUnavailable({ reason }: { reason: string | null }) {
  if (!reason) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconPlugConnectedX size={18} />} title="Sign-in is unavailable right now" role="alert">
      {reason}
    </Alert>
  );
}
