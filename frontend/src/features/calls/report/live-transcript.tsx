import { Box, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLock, IconMessages } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { type Call, isFullCall } from '../../../api/calls-api';
import { isSignedIn, useAuth } from '../../auth/auth-context';
import { useAuthDialog } from '../../auth/auth-dialog-context';
import classes from '../calls.module.css';
import { TranscriptLine } from '../components/transcript-line';

/** The conversation as it is spoken: the owner sees each line appear; others are told how to see it. */
export function LiveTranscript({ call }: { call: Call }) {
  const auth = useAuth();
  const dialog = useAuthDialog();
  const viewport = useRef<HTMLDivElement>(null);
  const lines = isFullCall(call) ? call.transcript : undefined;
  const count = lines?.length ?? 0;
  const seen = useRef(count);

  useEffect(() => {
    const element = viewport.current;
    if (element && count > 0) element.scrollTo?.({ top: element.scrollHeight, behavior: 'smooth' });
    const timer = setTimeout(() => {
      seen.current = count;
    }, 400);
    return () => clearTimeout(timer);
  }, [count]);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMessages size={18} />
          <Text fw={600}>Live transcript</Text>
          {call.phase === 'conversation' && (
            <Text component="span" fz="xs" c="red" fw={700} className={classes.pulse} aria-label="Live">
              ● LIVE
            </Text>
          )}
        </Group>
        {lines === undefined ? (
          <Stack gap="xs" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={16} style={{ flex: 'none', marginTop: 2 }} />
              <Text fz="sm" c="dimmed">
                {isSignedIn(auth)
                  ? 'Only the owner of this call can follow the conversation.'
                  : 'The conversation is shown live to the owner of this call. Sign up to follow it and keep the full report.'}
              </Text>
            </Group>
            {!isSignedIn(auth) && (
              <Button size="xs" variant="light" onClick={() =>
                  dialog.open('sign-up', {
                    intent: { redirectTo: window.location.pathname, source: 'call_live_transcript', metadata: { call_id: call.id } },
                  })
                }>
                Sign up to follow live
              </Button>
            )}
          </Stack>
        ) : count === 0 ? (
          <Text fz="sm" c="dimmed">
            Lines appear here as they are spoken.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380} viewportRef={viewport} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
            <Stack gap={6} role="log" aria-live="polite" aria-label="Transcript">
              {lines.map((line, index) => (
                <Box key={`${index}-${line.startMs}`}>
                  <TranscriptLine
                    speaker={line.speaker}
                    text={line.text}
                    atMs={line.startMs}
                    confidence={line.confidence}
                    fresh={index >= seen.current}
                  />
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
