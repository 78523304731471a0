import type { MouseEvent } from 'react';
import { Box, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type CallListItem as Call, isFullCall } from '../../../api/calls-api';
import { CALL_MESSAGES } from '../call-messages';
import classes from '../calls.module.css';
import { AnchorLink } from '../components/anchor-link';
import { ButtonLink } from '../components/button-link';
import { CallNetworkBadge } from '../components/call-network-badge';
import { CallStatusBadge } from '../components/call-status-badge';
import { formatCallDate } from '../display/format-call-date';
import { formatDuration } from '../display/format-measures';
import { formatPhone } from '../display/format-phone';
import { businessNameOf } from '../display/business-name';
import { callRowNote } from './call-row-note';
import { CopyCallIdButton } from './copy-call-id-button';

/** One call of My Calls. Only completed calls open, to their report; failed ones offer Try Again. */
export function CallRow({ call }: { call: Call }) {
  const navigate = useNavigate();
  const opens = call.status === 'completed';
  const open = () => void navigate({ to: '/call/$callId', params: { callId: call.id } });
  const note = callRowNote(call);

  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="sm"
      className={opens ? classes.clickableRow : undefined}
      onClick={opens ? open : undefined}
      data-testid="call-row"
      data-call-id={call.id}
      data-clickable={opens}
    >
      <Grid gap="xs" align="center">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              {opens ? (
                <AnchorLink
                  to="/call/$callId"
                  params={{ callId: call.id }}
                  fw={600}
                  c="inherit"
                  truncate="end"
                  onClick={(event: MouseEvent) => event.stopPropagation()}
                >
                  {businessNameOf(call)}
                </AnchorLink>
              ) : (
                <Text fw={600} truncate="end">
                  {businessNameOf(call)}
                </Text>
              )}
            </Group>
            <Group gap={6} wrap="nowrap">
              <Text fz="xs" c="dimmed">
                {formatPhone(call.to_number)}
              </Text>
              <CallNetworkBadge sandbox={call.sandbox} compact />
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Group gap={4} wrap="nowrap">
            <Text fz="xs" ff="monospace" c="dimmed" truncate="end" title={call.id} style={{ minWidth: 0 }}>
              {call.id}
            </Text>
            <CopyCallIdButton callId={call.id} />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <Stack gap={2} align="flex-start">
            <CallStatusBadge status={call.status} />
            {note && (
              <Text fz="xs" c={note.warning ? 'orange' : 'dimmed'} data-testid="call-row-note">
                {note.text}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Text fz="sm">{formatCallDate(call.created_at)}</Text>
          {isFullCall(call) && call.duration_ms != null && (
            <Text fz="xs" c="dimmed">
              {formatDuration(call.duration_ms)}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 1 }}>
          <Group justify="flex-end">
            {call.status === 'failed' && (
              <ButtonLink
                to="/"
                search={{ action: 'new-call' }}
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={(event: MouseEvent) => event.stopPropagation()}
              >
                {CALL_MESSAGES.tryAgain}
              </ButtonLink>
            )}
            {opens && (
              <Box visibleFrom="md" display="flex">
                <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden="true" />
              </Box>
            )}
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
