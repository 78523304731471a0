import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Evidence } from '../../../api/calls-api';
import { EvidenceQuotes } from '../components/evidence-quotes';
import { formatScore } from '../display/format-measures';
import { scoreColor } from '../score-color';

interface PerformanceBarProps {
  label: string;
  /** 0–10; the bar is score × 10. */
  score: number;
  observed: boolean;
  evidence: Evidence[];
  onJump: (segmentIndex: number) => void;
}

/** One performance score as a bar in its score colour, with what it rests on. */
export function PerformanceBar({ label, score, observed, evidence, onJump }: PerformanceBarProps) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        {observed ? (
          <Text fw={700} c={scoreColor(score)}>
            {formatScore(score)}/10
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            Not observed
          </Text>
        )}
      </Group>
      <Progress
        value={observed ? score * 10 : 0}
        color={scoreColor(score)}
        size="lg"
        radius="xl"
        aria-label={`${label} ${observed ? `${formatScore(score)} out of 10` : 'not observed'}`}
      />
      <EvidenceQuotes evidence={evidence} onJump={onJump} />
    </Stack>
  );
}
