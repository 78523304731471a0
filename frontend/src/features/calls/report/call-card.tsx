import { Accordion, Button, Card, Divider, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPhone, IconPlayerStop } from '@tabler/icons-react';
import { awaitsReport, type Call, isFullAnalysis, isFullCall } from '../../../api/calls-api';
import { CALL_MESSAGES } from '../call-messages';
import { isCancellable } from '../call-state';
import { CallStatusBadge } from '../components/call-status-badge';
import { CallNetworkBadge } from '../components/call-network-badge';
import { SoftGate } from '../components/soft-gate';
import { formatCallDate } from '../display/format-call-date';
import { formatPhone } from '../display/format-phone';
import { CallProgressTimeline } from './call-progress-timeline';
import { ElapsedTime } from './elapsed-time';
import { FailedCallNotice } from './failed-call-notice';
import { FullResults } from './full-results';
import { LiveTranscript } from './live-transcript';
import { PreviewResults } from './preview-results';
import { businessNameOf } from '../display/business-name';

interface CallCardProps {
  call: Call;
  /** Shown when the visitor may cancel the call. */
  onCancel?: () => void;
  canceling?: boolean;
}

const GATE_UNLOCKS =
  'Create a free account to unlock the transcript, the recording, speed-to-answer metrics, business-hours compliance and the recommended actions for this call.';

/** The live view: where the call stands and, for its owner, the conversation as it happens. */
function LiveView({ call }: { call: Call }) {
  // On a phone the conversation, once it starts, matters more than the steps before it.
  const talking = call.phase === 'conversation';
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: talking ? 2 : 1, sm: 1 }}>
        <CallProgressTimeline call={call} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: talking ? 1 : 2, sm: 2 }}>
        <LiveTranscript call={call} />
      </Grid.Col>
    </Grid>
  );
}

/** How the call went, folded away under a finished report. */
function TimelineRecap({ call }: { call: Call }) {
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="timeline">
        <Accordion.Control>Call timeline</Accordion.Control>
        <Accordion.Panel>
          <CallProgressTimeline call={call} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function CardBody({ call }: { call: Call }) {
  if (call.status === 'failed') {
    return (
      <Stack gap="md">
        <FailedCallNotice call={call} />
        <TimelineRecap call={call} />
      </Stack>
    );
  }
  if (call.status === 'completed' && call.analysis && !awaitsReport(call.analysis)) {
    return (
      <Stack gap="md">
        {isFullAnalysis(call.analysis) ? (
          <FullResults call={call} analysis={call.analysis} />
        ) : (
          <SoftGate unlocks={GATE_UNLOCKS} callId={call.id}>
            <PreviewResults analysis={call.analysis} />
          </SoftGate>
        )}
        <TimelineRecap call={call} />
      </Stack>
    );
  }
  if (call.status === 'in_progress') return <LiveView call={call} />;

  const message =
    call.status === 'queued' ? CALL_MESSAGES.queued : call.status === 'canceled' ? CALL_MESSAGES.canceled : CALL_MESSAGES.waitingForAnalysis;
  return (
    <Stack gap="md">
      <Group gap="xs">
        {call.status === 'completed' && <Loader size="xs" />}
        <Text c={call.status === 'canceled' ? 'dimmed' : undefined}>{message}</Text>
      </Group>
      {call.status === 'canceled' ? <TimelineRecap call={call} /> : <LiveView call={call} />}
    </Stack>
  );
}

/** The call card of the report page (spec section 2): a header, then the state the call is in. */
export function CallCard({ call, onCancel, canceling = false }: CallCardProps) {
  const live = call.status === 'queued' || call.status === 'in_progress';
  return (
    <Card withBorder shadow="sm" radius="lg" padding="lg" component="article" aria-label={`Call to ${businessNameOf(call)}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <CallStatusBadge status={call.status} />
              <CallNetworkBadge sandbox={call.sandbox} />
            </Group>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {businessNameOf(call)}
            </Title>
            <Group gap="md" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconPhone size={14} />
                <Text fz="sm">{formatPhone(call.to_number)}</Text>
              </Group>
              <Text fz="sm">{formatCallDate(call.created_at)}</Text>
              {live && <ElapsedTime since={(isFullCall(call) ? call.started_at : null) ?? call.created_at} />}
            </Group>
          </Stack>
          {onCancel && isCancellable(call) && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} />}
              onClick={onCancel}
              loading={canceling}
            >
              Cancel Call
            </Button>
          )}
        </Group>
        <Divider />
        <CardBody call={call} />
      </Stack>
    </Card>
  );
}
