import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhoneCall, IconPhoneOutgoing } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CallStats } from './call-list-view';

function Tile({ label, value, icon, color }: { label: string; value: number; icon: ReactNode; color: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <Text fw={800} fz={28} lh={1.2}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size={36} radius="md" visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** Total, Completed, In Progress, Needs Attention. */
export function CallStatsTiles({ stats }: { stats: CallStats }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Tile label="Total" value={stats.total} icon={<IconPhoneCall size={20} />} color="ringcheck" />
      <Tile label="Completed" value={stats.completed} icon={<IconCircleCheck size={20} />} color="green" />
      <Tile label="In Progress" value={stats.inProgress} icon={<IconPhoneOutgoing size={20} />} color="blue" />
      <Tile label="Needs Attention" value={stats.needsAttention} icon={<IconAlertTriangle size={20} />} color="orange" />
    </SimpleGrid>
  );
}
