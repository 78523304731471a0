import { LineChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import type { ConversionWeek } from '../../api/conversion-api';
import { type FunnelStageKey, formatCount, formatDay, isoWeekName } from './conversion-figures';
import { ReportSection } from './report-section';
import { ScrollableTable } from './scrollable-table';

const TABLE_ID = 'weekly-trends-table';

// Colour and dash both tell the lines apart.
const SERIES: Array<{ name: FunnelStageKey; label: string; color: string; strokeDasharray?: string }> = [
  { name: 'visitors', label: 'Visitors', color: 'ringcheck.7' },
  { name: 'searched', label: 'Searches', color: 'teal.7', strokeDasharray: '6 3' },
  { name: 'called', label: 'Calls', color: 'orange.7', strokeDasharray: '2 3' },
  { name: 'signed_up', label: 'Sign-ups', color: 'grape.7', strokeDasharray: '10 3 2 3' },
];

/** Visitors, searches, calls and sign-ups of each ISO week (by first visit), as lines and as a table. */
export function WeeklyTrendsSection({ weeks }: { weeks: ConversionWeek[] }) {
  const rows = weeks.map((week) => ({ ...week, day: formatDay(week.week) }));
  return (
    <ReportSection id="weekly-trends" title="Weekly trends" description="Visitors by the ISO week of their first visit (weeks start on Monday, UTC)">
      <div role="img" aria-label="Visitors, searches, calls and sign-ups per week" aria-describedby={TABLE_ID}>
        <LineChart
          h={280}
          data={rows}
          dataKey="day"
          series={SERIES}
          valueFormatter={formatCount}
          yAxisProps={{ allowDecimals: false }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="linear"
          tickLine="y"
        />
      </div>
      <ScrollableTable minWidth={520} label="Each week's visitors and how far they got">
        <Table id={TABLE_ID} striped verticalSpacing="xs" captionSide="top">
          <Table.Caption ta="left">Each week's visitors and how far they got</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Week</Table.Th>
              {SERIES.map((series) => (
                <Table.Th key={series.name} scope="col" ta="right">
                  {series.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((week) => (
              <Table.Tr key={week.week} data-testid="week-row">
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {isoWeekName(week.week)} <Text span fz="xs" c="dimmed">(from {formatDay(week.week, true)})</Text>
                </Table.Th>
                {SERIES.map((series) => (
                  <Table.Td key={series.name} ta="right">
                    {formatCount(week[series.name])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </ReportSection>
  );
}
