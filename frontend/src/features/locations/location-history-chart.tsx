import { BarChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import type { LocationCallPoint } from '../../api/locations-api';
import { historyChartRows } from './location-history';

const LEGEND = [
  { color: 'teal', label: 'Answered' },
  { color: 'yellow', label: 'Voicemail' },
  { color: 'red', label: 'Not reached' },
] as const;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span style={{ width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${color}-6)` }} />
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/**
 * Seconds to answer for each call, oldest first, each bar coloured by how the call ended. A picture of
 * the table below, which is its text alternative.
 */
export function LocationHistoryChart({ calls, tableId }: { calls: LocationCallPoint[]; tableId: string }) {
  return (
    <Stack gap="xs">
      <div role="img" aria-label="Seconds to answer for each call, oldest first" aria-describedby={tableId}>
        <BarChart
          h={220}
          data={historyChartRows(calls)}
          dataKey="day"
          series={[{ name: 'seconds', label: 'Seconds to answer', color: 'teal' }]}
          valueFormatter={(value) => `${value} s`}
          yAxisLabel="Seconds"
          maxBarWidth={48}
          tickLine="y"
        />
      </div>
      <Group gap="md" aria-hidden>
        {LEGEND.map((entry) => (
          <Swatch key={entry.label} {...entry} />
        ))}
        <Text fz="xs" c="dimmed">
          No bar: nobody answered.
        </Text>
      </Group>
    </Stack>
  );
}
