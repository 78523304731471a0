import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CallAnalysisFull, SatisfactionIndicator } from '../../../api/calls-api';
import { EvidenceQuotes } from '../components/evidence-quotes';
import { StatTile } from '../components/stat-tile';
import { businessHoursLabel, ordinalRing } from '../display/call-labels';
import { formatPercent, formatSeconds } from '../display/format-measures';
import { formatCallTime } from '../format-call-time';

/** Present and good (or missing and bad) reads green; the rest red. */
const indicatorIsGood = (indicator: SatisfactionIndicator) => indicator.present === (indicator.impact === 'positive');

interface MetricsTabProps {
  analysis: CallAnalysisFull;
  onJump: (segmentIndex: number) => void;
}

/** Call metrics, reachability and the satisfaction indicators marked Present or Missing. */
export function MetricsTab({ analysis, onJump }: MetricsTabProps) {
  const { metrics, satisfactionIndicators } = analysis.report;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="sm">
          Call metrics
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <StatTile label="Total duration" value={formatSeconds(metrics.callDuration)} />
          <StatTile label="Wait time" value={formatSeconds(metrics.waitTime)} hint="Ringing and on hold" />
          <StatTile label="Talk time ratio" value={formatPercent(metrics.talkTimeRatio)} hint="Share of talk by the business" />
          <StatTile label="Interruptions" value={metrics.interruptions} />
          <StatTile label="Dead air time" value={formatSeconds(metrics.deadAirTime)} hint="Silences of 2 s or more" />
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="sm">
          Reachability
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <StatTile label="Time to first ring" value={formatCallTime(analysis.time_to_first_ring)} />
          <StatTile label="Time to answer" value={formatCallTime(analysis.time_to_answer)} />
          <StatTile label="Rings before pickup" value={ordinalRing(analysis.rings_before_pickup)} />
          <StatTile label="Business hours" value={businessHoursLabel(analysis.during_business_hours)} />
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="sm">
          Satisfaction indicators
        </Title>
        {satisfactionIndicators.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No indicators were assessed.
          </Text>
        ) : (
          <Stack gap="sm">
            {satisfactionIndicators.map((indicator) => (
              <Stack key={indicator.indicator} gap={2} role="group" aria-label={indicator.indicator}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fz="sm" fw={600}>
                      {indicator.indicator}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {indicator.impact === 'positive' ? 'Helps satisfaction when present' : 'Hurts satisfaction when present'}
                    </Text>
                  </div>
                  <Badge color={indicatorIsGood(indicator) ? 'green' : 'red'} variant="light" style={{ flex: 'none' }}>
                    {indicator.present ? 'Present' : 'Missing'}
                  </Badge>
                </Group>
                <EvidenceQuotes evidence={indicator.evidence} onJump={onJump} limit={1} />
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
