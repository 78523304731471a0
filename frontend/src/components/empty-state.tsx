import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  /** Grey for "nothing matches", the brand colour for "nothing yet". */
  color?: string;
  title: string;
  hint?: string;
  /** The way forward: a link or a button. */
  action: ReactNode;
}

/** A list with nothing to show, and what to do about it. */
export function EmptyState({ icon, color, title, hint, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {hint && (
          <Text c="dimmed" maw={420}>
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
