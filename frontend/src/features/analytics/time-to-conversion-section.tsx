import { BarChart } from '@mantine/charts';
import { SimpleGrid, Table, Text } from '@mantine/core';
import type { ConversionReport } from '../../api/conversion-api';
import { bucketLabel, formatCount, formatDuration } from './conversion-figures';
import { ReportSection } from './report-section';

const TABLE_ID = 'time-to-conversion-table';

interface TimeToConversionProps {
  buckets: ConversionReport['time_to_conversion'];
  medianHours: number | null;
}

/** How long visitors who signed up took from their first visit, in buckets, with the median. */
export function TimeToConversionSection({ buckets, medianHours }: TimeToConversionProps) {
  const rows = buckets.map((bucket) => ({ bucket: bucketLabel(bucket.bucket), visitors: bucket.visitors }));
  return (
    <ReportSection
      id="time-to-conversion"
      title="Time to sign-up"
      description="From a visitor's first visit to their sign-up, for those who signed up"
    >
      <Text fw={600} data-testid="median-time-to-conversion">
        Median: {formatDuration(medianHours)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md" style={{ alignItems: 'center' }}>
        <div role="img" aria-label="Sign-ups by time from first visit" aria-describedby={TABLE_ID}>
          <BarChart
            h={240}
            data={rows}
            dataKey="bucket"
            series={[{ name: 'visitors', label: 'Sign-ups', color: 'ringcheck.7' }]}
            valueFormatter={formatCount}
            yAxisProps={{ allowDecimals: false }}
            maxBarWidth={56}
            tickLine="y"
          />
        </div>
        <Table id={TABLE_ID} verticalSpacing="xs" captionSide="top">
          <Table.Caption ta="left">Sign-ups by time from first visit</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Time to sign-up</Table.Th>
              <Table.Th scope="col" ta="right">
                Sign-ups
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.bucket}>
                <Table.Th scope="row" fw={500}>
                  {row.bucket}
                </Table.Th>
                <Table.Td ta="right">{formatCount(row.visitors)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </ReportSection>
  );
}
