import type { CallAnalysisInput } from '../ports/call-analyzer';
import type { CallMode } from './call-mode';
import type { MetricsDetail } from './metrics';
import { findCheck, type RubricCheck, type ScoreResult } from './rubric-check';
import type { TranscriptView } from './transcript-view';

/** Everything the rubric worked out about one call, for the parts of the report built from it. */
export interface AnalysisContext {
  input: CallAnalysisInput;
  mode: CallMode;
  view: TranscriptView;
  detail: MetricsDetail;
  responseTime: ScoreResult;
  professionalism: ScoreResult;
  resolution: ScoreResult;
}

export function allChecks(context: AnalysisContext): RubricCheck[] {
  return [...context.responseTime.checks, ...context.professionalism.checks, ...context.resolution.checks];
}

export function check(context: AnalysisContext, id: string): RubricCheck | undefined {
  return findCheck(allChecks(context), id);
}
