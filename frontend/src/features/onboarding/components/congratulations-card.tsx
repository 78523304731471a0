import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Shown when every step is done. */
export function CongratulationsCard() {
  return (
    <Card withBorder radius="lg" padding="xl" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-3)' }}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="xl" color="teal">
          <IconConfetti size={26} />
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={2} fz="h3">
            Congratulations
          </Title>
          <Text>You have finished every step of the getting started guide. Your phone line is on its way to answering every customer.</Text>
          <Group>
            <Button component={Link} to="/dashboard" color="teal">
              Go to your dashboard
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
