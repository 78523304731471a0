import type { CallAnalysisInput, CallAnalysisReport } from './ports/call-analyzer';
import { analyzeCall } from './rubric/analyze-call';

const UNAVAILABLE_SUMMARY = 'The detailed analysis could not be produced for this call.';

/** A report with no scores: what a call gets when no analyzer could produce one. */
export function unavailableReport(input: CallAnalysisInput): CallAnalysisReport {
  const seconds = Math.round(input.callDurationMs / 100) / 10;
  return {
    summary: UNAVAILABLE_SUMMARY,
    overallScore: 0,
    sentiment: 'neutral',
    professionalismScore: 0,
    responseTimeScore: 0,
    resolutionScore: 0,
    observedScores: { professionalism: false, responseTime: false, resolution: false },
    scoreEvidence: { professionalism: [], responseTime: [], resolution: [] },
    keyTopics: [],
    strengths: [],
    areasForImprovement: [],
    satisfactionIndicators: [],
    recommendations: [],
    metrics: { callDuration: seconds, waitTime: seconds, talkTimeRatio: 0, interruptions: 0, deadAirTime: 0 },
    afterHoursBehavior: null,
  };
}

/** When the configured analyzer fails, the built-in rubric's report; when that fails too, a report without scores. */
export function fallbackReport(input: CallAnalysisInput): { report: CallAnalysisReport; analyzer: string } {
  try {
    return { report: analyzeCall(input), analyzer: 'rubric' };
  } catch {
    return { report: unavailableReport(input), analyzer: 'none' };
  }
}
