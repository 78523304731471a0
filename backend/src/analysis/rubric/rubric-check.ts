import type { Evidence } from '../ports/call-analyzer';
import { clamp, round1 } from './format';

export type CheckStatus = 'pass' | 'partial' | 'fail';

/** One thing the rubric looked for, what it found and where. */
export interface RubricCheck {
  id: string;
  status: CheckStatus;
  /** Share of the score; 0 for checks that only inform findings and recommendations. */
  weight: number;
  /** What was found, phrased for the strengths (pass) or areas for improvement (partial, fail) list. */
  text: string;
  evidence: Evidence[];
}

/** A 0–10 score and what it rests on. */
export interface ScoreResult {
  score: number;
  /** False when nothing the score measures could be observed (the score is then 0). */
  observed: boolean;
  checks: RubricCheck[];
  evidence: Evidence[];
}

const CREDIT: Record<CheckStatus, number> = { pass: 1, partial: 0.5, fail: 0 };

/** Weighted share of checks passed, on a 0–10 scale (unrounded). */
export function checksScore(checks: readonly RubricCheck[]): number {
  const weight = checks.reduce((sum, check) => sum + check.weight, 0);
  if (weight === 0) return 0;
  return (10 * checks.reduce((sum, check) => sum + check.weight * CREDIT[check.status], 0)) / weight;
}

export function finalScore(value: number): number {
  return round1(clamp(value, 0, 10));
}

export function findCheck(checks: readonly RubricCheck[], id: string): RubricCheck | undefined {
  return checks.find((check) => check.id === id);
}
