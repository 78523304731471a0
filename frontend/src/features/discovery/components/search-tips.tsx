import { Card, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';

const TIPS = [
  'Use the specific business name rather than a category',
  'Include the city and state, e.g. “Austin, TX”',
  'Try variations of the name if a search finds nothing',
];

/** How to get a good Explore search (spec section 2). */
export function SearchTips() {
  return (
    <Card withBorder radius="lg" padding="lg" bg="gray.0">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="yellow" radius="xl" size={32}>
          <IconBulb size={18} />
        </ThemeIcon>
        <Text fw={600}>Search tips</Text>
      </Group>
      <List spacing={4} fz="sm" c="gray.7">
        {TIPS.map((tip) => (
          <List.Item key={tip}>{tip}</List.Item>
        ))}
      </List>
    </Card>
  );
}
