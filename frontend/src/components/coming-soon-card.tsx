import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ComingSoonCardProps {
  /** The page's name, e.g. "My Calls". */
  page: string;
  /** One sentence on what the page will do. */
  description: string;
  /** What the page will hold, as short phrases. */
  upcoming?: string[];
  /** Centred on public pages; aligned with the heading inside the signed-in layout. */
  centered?: boolean;
  children?: ReactNode;
}

/** An honest placeholder for a page that is planned but not built yet. */
export function ComingSoonCard({ page, description, upcoming = [], centered = true, children }: ComingSoonCardProps) {
  return (
    <Card withBorder padding="xl" radius="lg" shadow="xs" maw={640} mx={centered ? 'auto' : undefined} w="100%">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconTool size={22} />
          </ThemeIcon>
          <div>
            <Badge variant="light" color="ringcheck" radius="sm" mb={4}>
              Coming soon
            </Badge>
            <Title order={2} fz="h4">
              {page} is coming soon
            </Title>
          </div>
        </Group>
        <Text>{description}</Text>
        {upcoming.length > 0 && (
          <List spacing={6} size="sm" c="dimmed">
            {upcoming.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Card>
  );
}
