import type { CallAnalysisInput, CallAnalysisReport, Evidence } from '../ports/call-analyzer';
import { finalScore } from '../rubric/rubric-check';
import { overallScore } from '../rubric/overall';
import type { Citation, ModelAnswer } from './report-schema';

type ScoreName = keyof CallAnalysisReport['observedScores'];
const SCORE_FIELDS = { professionalism: 'professionalismScore', responseTime: 'responseTimeScore', resolution: 'resolutionScore' } as const;

/**
 * The model's judgement over the rubric's computation: metrics, observability, after-hours behaviour and
 * the weighting of the overall score stay the rubric's. A score with nothing to observe keeps the rubric's 0
 * and its evidence, whatever the model said.
 */
export function mergeJudgement(rubric: CallAnalysisReport, answer: ModelAnswer, input: CallAnalysisInput): CallAnalysisReport {
  const timed = (citations: readonly Citation[]): Evidence[] =>
    citations.map((c) => ({
      segmentIndex: c.segmentIndex,
      quote: c.quote,
      atMs: c.segmentIndex === null ? null : Math.max(0, input.transcript[c.segmentIndex].startMs),
    }));
  const withEvidence = <T extends { evidence: Citation[] }>(items: readonly T[]) => items.map((item) => ({ ...item, evidence: timed(item.evidence) }));

  const score = (name: ScoreName) => (rubric.observedScores[name] ? finalScore(answer[SCORE_FIELDS[name]]) : rubric[SCORE_FIELDS[name]]);
  const evidence = (name: ScoreName) => (rubric.observedScores[name] ? timed(answer.scoreEvidence[name]) : rubric.scoreEvidence[name]);
  const scored = (name: ScoreName) => ({ score: score(name), observed: rubric.observedScores[name], checks: [], evidence: [] });

  return {
    summary: answer.summary,
    overallScore: overallScore({ responseTime: scored('responseTime'), professionalism: scored('professionalism'), resolution: scored('resolution') }),
    sentiment: answer.sentiment,
    professionalismScore: score('professionalism'),
    responseTimeScore: score('responseTime'),
    resolutionScore: score('resolution'),
    observedScores: rubric.observedScores,
    scoreEvidence: { professionalism: evidence('professionalism'), responseTime: evidence('responseTime'), resolution: evidence('resolution') },
    keyTopics: answer.keyTopics,
    strengths: withEvidence(answer.strengths),
    areasForImprovement: withEvidence(answer.areasForImprovement),
    satisfactionIndicators: withEvidence(answer.satisfactionIndicators),
    recommendations: withEvidence(answer.recommendations),
    metrics: rubric.metrics,
    afterHoursBehavior: rubric.afterHoursBehavior,
  };
}
