import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatTranscriptTime } from '../display/format-transcript-time';

/** Time since `since`, ticking every second while the call runs. */
export function ElapsedTime({ since }: { since: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const started = Date.parse(since);
  if (!Number.isFinite(started)) return null;
  return (
    <Group gap={4} wrap="nowrap" aria-label="Elapsed time">
      <IconClock size={14} />
      <Text fz="sm" ff="monospace">
        {formatTranscriptTime(Math.max(0, now - started))}
      </Text>
    </Group>
  );
}
