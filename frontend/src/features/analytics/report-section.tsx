import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ReportSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One part of the report: a titled panel, named by its heading for assistive technology. */
export function ReportSection({ id, title, description, children }: ReportSectionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text fz="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
