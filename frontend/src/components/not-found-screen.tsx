import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Shown for any path outside the route table. */
export function NotFoundScreen() {
  return (
    <Center py={{ base: 64, sm: 112 }} px="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Text fw={800} fz={{ base: 72, sm: 96 }} lh={1} c="ringcheck.1" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Oops! Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />} mt="sm">
          Return to Home
        </Button>
      </Stack>
    </Center>
  );
}
