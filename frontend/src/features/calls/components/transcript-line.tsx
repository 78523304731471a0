import { Badge, Box, Group, Text } from '@mantine/core';
import { forwardRef } from 'react';
import classes from '../calls.module.css';
import { SPEAKER_LABELS } from '../display/call-labels';
import { formatTranscriptTime } from '../display/format-transcript-time';

export interface TranscriptLineProps {
  speaker: 'business' | 'caller';
  text: string;
  /** Ms from the answer. */
  atMs: number;
  /** 0–1; shown as a percentage when given. */
  confidence?: number;
  highlighted?: boolean;
  /** Slides in: a line just spoken. */
  fresh?: boolean;
  id?: string;
}

/** One spoken line: Business or Caller, its time as m:ss, and how sure the transcription is. */
export const TranscriptLine = forwardRef<HTMLDivElement, TranscriptLineProps>(function TranscriptLine(
  { speaker, text, atMs, confidence, highlighted = false, fresh = false, id },
  ref,
) {
  const classNames = [
    classes.line,
    speaker === 'business' ? classes.businessLine : classes.callerLine,
    highlighted ? classes.highlighted : '',
    fresh ? classes.arrive : '',
  ];
  return (
    <Box ref={ref} id={id} className={classNames.filter(Boolean).join(' ')} data-highlighted={highlighted || undefined}>
      <Group gap="xs" mb={2} wrap="nowrap">
        <Badge size="sm" variant={speaker === 'business' ? 'filled' : 'light'} color={speaker === 'business' ? 'ringcheck' : 'gray'}>
          {SPEAKER_LABELS[speaker]}
        </Badge>
        <Text fz="xs" c="dimmed" ff="monospace">
          {formatTranscriptTime(atMs)}
        </Text>
        {confidence !== undefined && (
          <Text fz="xs" c="dimmed" title="Transcription confidence">
            {Math.round(confidence * 100)}% confidence
          </Text>
        )}
      </Group>
      <Text fz="sm">{text}</Text>
    </Box>
  );
});
