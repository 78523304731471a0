import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Recommendation } from '../../../api/calls-api';
import { EvidenceQuotes } from '../components/evidence-quotes';
import { PRIORITY_COLORS } from '../display/call-labels';

const PRIORITY_LABELS = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' } as const;

interface ActionItemsTabProps {
  recommendations: Recommendation[];
  onJump: (segmentIndex: number) => void;
}

/** The recommendations: category, priority, action, expected impact and how to implement it. */
export function ActionItemsTab({ recommendations, onJump }: ActionItemsTabProps) {
  if (recommendations.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={44} radius="xl" variant="light" color="green">
            <IconChecks size={22} />
          </ThemeIcon>
          <Text fw={600}>No action items</Text>
          <Text fz="sm" c="dimmed">
            This call went well: there is nothing the business needs to change.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {recommendations.map((item, index) => (
        <Paper key={`${item.action}-${index}`} withBorder radius="md" p="md" component="section" aria-label={item.action}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="outline" color="gray" tt="none">
                {item.category}
              </Badge>
              <Badge color={PRIORITY_COLORS[item.priority]} variant="filled">
                {PRIORITY_LABELS[item.priority]}
              </Badge>
            </Group>
            <Text fw={700} fz="md">
              {item.action}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <div>
                <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                  Expected impact
                </Text>
                <Text fz="sm">{item.impact}</Text>
              </div>
              <div>
                <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                  Implementation
                </Text>
                <Text fz="sm">{item.implementation}</Text>
              </div>
            </SimpleGrid>
            <EvidenceQuotes evidence={item.evidence} onJump={onJump} limit={2} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
