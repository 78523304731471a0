import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface AccountPageProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A page inside the signed-in layout: heading, subtitle, content. */
export function AccountPage({ title, subtitle, children }: AccountPageProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </div>
      {children}
    </Stack>
  );
}
