import { Table } from '@mantine/core';
import type { ConversionSource } from '../../api/conversion-api';
import { formatCount, formatRate, share } from './conversion-figures';
import { ReportSection } from './report-section';
import { ScrollableTable } from './scrollable-table';

/** The funnel of each source visitors came from, the largest first. */
export function SourcesSection({ sources }: { sources: ConversionSource[] }) {
  const sorted = [...sources].sort((a, b) => b.visitors - a.visitors || a.source.localeCompare(b.source));
  return (
    <ReportSection id="conversion-sources" title="By source" description="The campaign (utm_source), else the referring site, else direct">
      <ScrollableTable minWidth={600} label="Visitors by where they came from, and how many signed up">
        <Table striped verticalSpacing="xs" captionSide="top">
          <Table.Caption ta="left">Visitors by where they came from, and how many signed up</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Source</Table.Th>
              <Table.Th scope="col" ta="right">
                Visitors
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Searches
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Calls
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Sign-ups
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Visit to sign-up
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((source) => (
              <Table.Tr key={source.source} data-testid="source-row">
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {source.source}
                </Table.Th>
                <Table.Td ta="right">{formatCount(source.visitors)}</Table.Td>
                <Table.Td ta="right">{formatCount(source.searched)}</Table.Td>
                <Table.Td ta="right">{formatCount(source.called)}</Table.Td>
                <Table.Td ta="right">{formatCount(source.signed_up)}</Table.Td>
                <Table.Td ta="right">{formatRate(share(source.signed_up, source.visitors))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </ReportSection>
  );
}
