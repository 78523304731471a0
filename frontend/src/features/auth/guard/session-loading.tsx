import { Center, Loader, Stack, Text } from '@mantine/core';

/** A guarded page until the session is known (spec section 2). */
export function SessionLoading() {
  return (
    <Center py={96}>
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
