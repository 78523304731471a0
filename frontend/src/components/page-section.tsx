import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageSectionProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A public content page: a centred title and subtitle above its content. */
export function PageSection({ title, subtitle, children }: PageSectionProps) {
  return (
    <Container size="lg" py={{ base: 40, sm: 64 }}>
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1} fz={{ base: 30, sm: 40 }} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" fz="lg" maw={620}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
