import { Blockquote, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { CallAnalysisFull } from '../../../api/calls-api';
import { EVIDENCE_HIGHLIGHT_MS } from '../call-constants';
import { RecordingPlayer } from '../components/recording-player';
import { TranscriptLine } from '../components/transcript-line';

/** Which transcript line to show; `nonce` makes a second click on the same quote jump again. */
export interface TranscriptFocus {
  segmentIndex: number;
  nonce: number;
}

export const segmentElementId = (index: number) => `transcript-segment-${index}`;

interface TranscriptTabProps {
  analysis: CallAnalysisFull;
  focus: TranscriptFocus | null;
}

/** The summary, the recording, then each line: Business or Caller, m:ss and confidence. */
export function TranscriptTab({ analysis, focus }: TranscriptTabProps) {
  const lines = useRef(new Map<number, HTMLDivElement>());
  const [highlighted, setHighlighted] = useState<number | null>(null);

  useEffect(() => {
    if (!focus) return undefined;
    setHighlighted(focus.segmentIndex);
    lines.current.get(focus.segmentIndex)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setHighlighted(null), EVIDENCE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [focus]);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="xs">
          Summary
        </Title>
        <Blockquote color="ringcheck" p="sm" mt={0} iconSize={0}>
          <Text fz="sm">{analysis.report.summary}</Text>
        </Blockquote>
      </Paper>
      <RecordingPlayer url={analysis.recording_url} note={analysis.recording_note} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="sm">
          Transcript
        </Title>
        {analysis.transcript.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nobody spoke on this call.
          </Text>
        ) : (
          <Stack gap={6}>
            {analysis.transcript.map((segment, index) => (
              <TranscriptLine
                key={`${index}-${segment.timestamp}`}
                ref={(element) => {
                  if (element) lines.current.set(index, element);
                  else lines.current.delete(index);
                }}
                id={segmentElementId(index)}
                speaker={segment.speaker}
                text={segment.text}
                atMs={segment.timestamp}
                confidence={segment.confidence}
                highlighted={highlighted === index}
              />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
