import { FunnelChart } from '@mantine/charts';
import { SimpleGrid, Table } from '@mantine/core';
import type { ConversionFunnel } from '../../api/conversion-api';
import { formatCount, formatRate, funnelSteps } from './conversion-figures';
import { ReportSection } from './report-section';
import { ScrollableTable } from './scrollable-table';

const TABLE_ID = 'conversion-funnel-table';

/** Visit → search → call → sign-up: how many got to each stage, and how many of the stage before. */
export function FunnelSection({ funnel }: { funnel: ConversionFunnel }) {
  const steps = funnelSteps(funnel);
  return (
    <ReportSection id="conversion-funnel" title="Funnel" description="Distinct visitors who first came in the range, by what they did. Stages are counted apart: someone may sign up without calling, so a stage can exceed the one before.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md" style={{ alignItems: 'center' }}>
        <div role="img" aria-label="Funnel of visitors: visited, searched, called, signed up" aria-describedby={TABLE_ID} style={{ justifySelf: 'center', maxWidth: '100%' }}>
          <FunnelChart
            data={steps.map((step) => ({ name: step.label, value: step.count, color: step.color }))}
            size={260}
            withLabels
            labelsPosition="inside"
            valueFormatter={formatCount}
            tooltipDataSource="segment"
            maw="100%"
          />
        </div>
        <ScrollableTable minWidth={360} label="Visitors at each stage">
          <Table id={TABLE_ID} verticalSpacing="xs" captionSide="top">
            <Table.Caption ta="left">Visitors at each stage</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Stage</Table.Th>
                <Table.Th scope="col" ta="right">
                  Visitors
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Of the stage before
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Of all visitors
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {steps.map((step) => (
                <Table.Tr key={step.key} data-testid={`funnel-${step.key}`}>
                  <Table.Th scope="row" fw={500}>
                    {step.label}
                  </Table.Th>
                  <Table.Td ta="right">{formatCount(step.count)}</Table.Td>
                  <Table.Td ta="right">{formatRate(step.stepRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(step.overallRate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      </SimpleGrid>
    </ReportSection>
  );
}
