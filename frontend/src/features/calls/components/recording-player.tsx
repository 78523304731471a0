import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMicrophone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { fetchCallRecording } from '../../../api/calls-api';
import { useAuth } from '../../auth/auth-context';

interface RecordingPlayerProps {
  url: string | null;
  note?: string | null;
}

type Recording = { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'failed'; message: string };

/**
 * The call recording. It needs the owner's token, which an <audio> element cannot send, so it is
 * fetched as a Blob and played from an object URL, released when the player goes away.
 */
export function RecordingPlayer({ url, note }: RecordingPlayerProps) {
  const auth = useAuth();
  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  });
  const userId = auth.user?.id ?? null;
  const [recording, setRecording] = useState<Recording>({ kind: 'loading' });

  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setRecording({ kind: 'loading' });
    fetchCallRecording(
      url,
      { getToken: () => authRef.current.getToken(), refreshToken: () => authRef.current.refreshToken() },
      { signal: controller.signal },
    )
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setRecording({ kind: 'ready', src: objectUrl });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setRecording({ kind: 'failed', message: error instanceof Error ? error.message : 'The recording could not be loaded.' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, userId]);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <IconMicrophone size={18} />
          <Text fw={600}>Call recording</Text>
        </Group>
        {!url ? (
          <Text fz="sm" c="dimmed">
            No recording was made for this call.
          </Text>
        ) : recording.kind === 'loading' ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              Loading the recording...
            </Text>
          </Group>
        ) : recording.kind === 'failed' ? (
          <Text fz="sm" c="red">
            The recording could not be loaded: {recording.message}
          </Text>
        ) : (
          <audio controls preload="metadata" src={recording.src} style={{ width: '100%' }} aria-label="Call recording">
            <track kind="captions" />
          </audio>
        )}
        {note && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} p="xs">
            <Text fz="sm">{note}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
