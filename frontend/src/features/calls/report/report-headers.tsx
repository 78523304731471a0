import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The signed-in view's welcome banner. */
export function WelcomeBanner({ firstName }: { firstName: string }) {
  return (
    <Paper
      radius="lg"
      p="lg"
      c="white"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-ink-9), var(--mantine-color-ringcheck-8))' }}
    >
      <Group justify="space-between" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 22, sm: 26 }} c="white">
            Welcome back, {firstName || 'there'}
          </Title>
          <Text c="ink.1" fz="sm">
            Here is your test call: live while it runs, with the full report once it ends.
          </Text>
        </Stack>
        <Button component={Link} to="/calls" variant="white" leftSection={<IconList size={16} />}>
          My Calls
        </Button>
      </Group>
    </Paper>
  );
}

/** The public view's header. */
export function PublicReportHeader() {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 26, sm: 32 }} style={{ letterSpacing: '-0.02em' }}>
        Call report
      </Title>
      <Text c="dimmed">
        An AI caller tests how this business answers its phone. Progress and results appear here live.
      </Text>
    </Stack>
  );
}
