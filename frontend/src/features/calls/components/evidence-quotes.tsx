import { Stack, Text } from '@mantine/core';
import type { Evidence } from '../../../api/calls-api';
import classes from '../calls.module.css';
import { formatTranscriptTime } from '../display/format-transcript-time';

interface EvidenceQuotesProps {
  evidence: Evidence[];
  /** Shows the transcript line a quote comes from. */
  onJump?: (segmentIndex: number) => void;
  /** At most this many, the strongest first as the report orders them. */
  limit?: number;
}

/**
 * What a score or finding rests on: quotes from the call (a click jumps to the line in the
 * transcript) and observed facts.
 */
export function EvidenceQuotes({ evidence, onJump, limit = 3 }: EvidenceQuotesProps) {
  if (evidence.length === 0) return null;
  return (
    <Stack gap={4} mt={4}>
      {evidence.slice(0, limit).map((item, index) => {
        const key = `${item.segmentIndex ?? 'fact'}-${index}`;
        if (item.segmentIndex === null) {
          return (
            <Text key={key} className={classes.fact} component="div">
              {item.quote}
            </Text>
          );
        }
        const segmentIndex = item.segmentIndex;
        const time = item.atMs === null ? '' : ` · ${formatTranscriptTime(item.atMs)}`;
        return onJump ? (
          <button
            key={key}
            type="button"
            className={classes.quote}
            onClick={() => onJump(segmentIndex)}
            title="Show this line in the transcript"
          >
            “{item.quote}”{time}
          </button>
        ) : (
          <Text key={key} className={classes.fact} fs="italic" component="div">
            “{item.quote}”{time}
          </Text>
        );
      })}
    </Stack>
  );
}
