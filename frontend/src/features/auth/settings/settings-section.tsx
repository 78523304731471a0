import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
}

/** One titled card of the settings page. */
export function SettingsSection({ title, description, danger = false, children }: SettingsSectionProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" c={danger ? 'red.8' : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
