import { finalScore, type ScoreResult } from './rubric-check';

export const SCORE_WEIGHTS = { responseTime: 0.35, professionalism: 0.3, resolution: 0.35 } as const;

/** Weighted mean of the scores that rest on something observed, one decimal. */
export function overallScore(scores: { responseTime: ScoreResult; professionalism: ScoreResult; resolution: ScoreResult }): number {
  const parts = (Object.keys(SCORE_WEIGHTS) as (keyof typeof SCORE_WEIGHTS)[]).filter((key) => scores[key].observed);
  const weight = parts.reduce((sum, key) => sum + SCORE_WEIGHTS[key], 0);
  if (weight === 0) return 0;
  return finalScore(parts.reduce((sum, key) => sum + SCORE_WEIGHTS[key] * scores[key].score, 0) / weight);
}
