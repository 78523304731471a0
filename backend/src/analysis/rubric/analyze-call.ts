import type { CallAnalysisInput, CallAnalysisReport } from '../ports/call-analyzer';
import { afterHoursBehaviorOf } from './after-hours-behavior';
import type { AnalysisContext } from './analysis-context';
import { callModeOf } from './call-mode';
import { findingsOf } from './findings';
import { computeMetrics } from './metrics';
import { overallScore } from './overall';
import { scoreProfessionalism } from './professionalism-score';
import { recommendationsOf } from './recommendations';
import { scoreResolution } from './resolution-score';
import { scoreResponseTime } from './response-time-score';
import { satisfactionIndicatorsOf } from './satisfaction-indicators';
import { sentimentOf } from './sentiment';
import { summaryOf } from './summary';
import { keyTopics } from './topics';
import { viewTranscript } from './transcript-view';

/** The whole rubric analysis of one call: pure and deterministic. */
export function analyzeCall(input: CallAnalysisInput): CallAnalysisReport {
  const view = viewTranscript(input.transcript);
  const mode = callModeOf(input, view);
  const detail = computeMetrics(input, view);
  const context: AnalysisContext = {
    input,
    mode,
    view,
    detail,
    responseTime: scoreResponseTime(input, mode, detail),
    professionalism: scoreProfessionalism(input, mode, view, detail),
    resolution: scoreResolution(input, mode, view),
  };
  const overall = overallScore(context);
  const sentiment = sentimentOf(mode, view);
  const { strengths, areasForImprovement } = findingsOf(context);
  return {
    summary: summaryOf(context, overall, sentiment),
    overallScore: overall,
    sentiment,
    professionalismScore: context.professionalism.score,
    responseTimeScore: context.responseTime.score,
    resolutionScore: context.resolution.score,
    observedScores: {
      professionalism: context.professionalism.observed,
      responseTime: context.responseTime.observed,
      resolution: context.resolution.observed,
    },
    scoreEvidence: {
      professionalism: context.professionalism.evidence,
      responseTime: context.responseTime.evidence,
      resolution: context.resolution.evidence,
    },
    keyTopics: keyTopics(view),
    strengths,
    areasForImprovement,
    satisfactionIndicators: satisfactionIndicatorsOf(context),
    recommendations: recommendationsOf(context),
    metrics: detail.metrics,
    afterHoursBehavior: afterHoursBehaviorOf(context),
  };
}
