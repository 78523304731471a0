import { Alert, Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMoon } from '@tabler/icons-react';
import type { Call, CallAnalysisFull } from '../../../api/calls-api';
import { ButtonLink } from '../components/button-link';
import { PreviewStats } from '../components/preview-stats';
import { RecordingPlayer } from '../components/recording-player';
import { ScoreRing } from '../components/score-ring';
import { StatTile } from '../components/stat-tile';
import { TranscriptLine } from '../components/transcript-line';
import { businessHoursLabel, ordinalRing, SENTIMENT_COLORS, SENTIMENT_LABELS } from '../display/call-labels';
import { formatCallTime } from '../format-call-time';

/** The owner's report: score and summary, every figure, the recording and the transcript. */
export function FullResults({ call, analysis }: { call: Call; analysis: CallAnalysisFull }) {
  const { report } = analysis;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group wrap="nowrap" align="center" gap="md">
            <ScoreRing score={report.overallScore} size={84} />
            <Stack gap={6}>
              <Title order={3} fz="lg">
                Overall score
              </Title>
              <Badge color={SENTIMENT_COLORS[report.sentiment]} variant="light">
                {SENTIMENT_LABELS[report.sentiment]}
              </Badge>
            </Stack>
          </Group>
          <Text fz="sm">{report.summary}</Text>
          <Group>
            <ButtonLink
              to="/call/$callId/analysis"
              params={{ callId: call.id }}
              variant="light"
              size="xs"
              rightSection={<IconArrowRight size={14} />}
            >
              View Detailed Analysis
            </ButtonLink>
          </Group>
        </Stack>
      </Paper>

      <PreviewStats analysis={analysis} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatTile label="Time to first ring" value={formatCallTime(analysis.time_to_first_ring)} />
        <StatTile label="Time to answer" value={formatCallTime(analysis.time_to_answer)} />
        <StatTile label="Rings before pickup" value={ordinalRing(analysis.rings_before_pickup)} />
        <StatTile
          label="Business hours"
          value={businessHoursLabel(analysis.during_business_hours)}
          color={analysis.during_business_hours === false ? 'orange' : undefined}
        />
      </SimpleGrid>
      {analysis.after_hours_behavior && (
        <Alert variant="light" color="orange" icon={<IconMoon size={16} />} title="After-hours behavior">
          {analysis.after_hours_behavior}
        </Alert>
      )}

      <RecordingPlayer url={analysis.recording_url} note={analysis.recording_note} />

      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          Transcript
        </Text>
        {analysis.transcript.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nobody spoke on this call.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
            <Stack gap={6}>
              {analysis.transcript.map((segment, index) => (
                <TranscriptLine
                  key={`${index}-${segment.timestamp}`}
                  speaker={segment.speaker}
                  text={segment.text}
                  atMs={segment.timestamp}
                  confidence={segment.confidence}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </Stack>
  );
}
