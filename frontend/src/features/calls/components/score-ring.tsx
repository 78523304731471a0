import { RingProgress, Text } from '@mantine/core';
import { scoreColor } from '../score-color';
import { formatScore } from '../display/format-measures';

/** An overall score out of 10 in its score colour (8+ green, 6+ yellow, else red). */
export function ScoreRing({ score, size = 96 }: { score: number; size?: number }) {
  return (
    <RingProgress
      size={size}
      thickness={size / 11}
      roundCaps
      sections={[{ value: Math.max(0, Math.min(10, score)) * 10, color: scoreColor(score) }]}
      label={
        <Text ta="center" fw={800} fz={size / 4.2} lh={1}>
          {formatScore(score)}
          <Text component="span" fz={size / 9} c="dimmed" fw={600}>
            /10
          </Text>
        </Text>
      }
      aria-label={`Overall score ${formatScore(score)} out of 10`}
    />
  );
}
