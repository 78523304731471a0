import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCalendar, IconCheck, IconClock, IconDownload, IconPhone, IconShare } from '@tabler/icons-react';
import type { CallAnalysisFull, CallFullView } from '../../../api/calls-api';
import { COPY_INDICATOR_MS } from '../call-constants';
import { CallNetworkBadge } from '../components/call-network-badge';
import { ScoreRing } from '../components/score-ring';
import { SENTIMENT_COLORS, SENTIMENT_LABELS } from '../display/call-labels';
import { formatCallDate } from '../display/format-call-date';
import { formatDuration } from '../display/format-measures';
import { formatPhone } from '../display/format-phone';
import { analyzerLabel } from './analyzer-label';
import { downloadAnalysis } from './export-analysis';
import { businessNameOf } from '../display/business-name';

/** The public report's address, which Share copies. */
export const reportLinkOf = (callId: string) => `${window.location.origin}/call/${encodeURIComponent(callId)}`;

/** Business, date, duration, phone, the overall score with its sentiment, and Share and Export. */
export function AnalysisHeader({ call, analysis }: { call: CallFullView; analysis: CallAnalysisFull }) {
  const clipboard = useClipboard({ timeout: COPY_INDICATOR_MS });
  const { report } = analysis;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="xs">
            <CallNetworkBadge sandbox={call.sandbox} />
          </Group>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {businessNameOf(call)}
          </Title>
          <Group gap="md" c="dimmed">
            <Group gap={4} wrap="nowrap">
              <IconCalendar size={14} />
              <Text fz="sm">{formatCallDate(call.created_at)}</Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconClock size={14} />
              <Text fz="sm">{formatDuration(call.duration_ms)}</Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconPhone size={14} />
              <Text fz="sm">{formatPhone(call.to_number)}</Text>
            </Group>
          </Group>
          {analyzerLabel(analysis.analyzer) && (
            <Text fz="xs" c="dimmed">
              {analyzerLabel(analysis.analyzer)}
            </Text>
          )}
          <Group gap="xs" mt={6}>
            <Button
              variant="default"
              size="xs"
              leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconShare size={14} />}
              onClick={() => clipboard.copy(reportLinkOf(call.id))}
              color={clipboard.copied ? 'teal' : undefined}
            >
              {clipboard.copied ? 'Link copied' : 'Share'}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => downloadAnalysis(call, analysis)}>
              Export
            </Button>
          </Group>
        </Stack>
        <Group gap="md" wrap="nowrap">
          <ScoreRing score={report.overallScore} size={104} />
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Overall score
            </Text>
            <Badge color={SENTIMENT_COLORS[report.sentiment]} variant="light" size="lg">
              {SENTIMENT_LABELS[report.sentiment]}
            </Badge>
          </Stack>
        </Group>
      </Group>
    </Paper>
  );
}
