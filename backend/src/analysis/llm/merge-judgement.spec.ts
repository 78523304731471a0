import { analyzeCall } from '../rubric/analyze-call';
import { excellentCall, noAnswerCall } from '../rubric/fixtures/call-fixtures';
import { SCORE_WEIGHTS } from '../rubric/overall';
import { mergeJudgement } from './merge-judgement';
import { numberedTranscript } from './prompt';
import { goodAnswer } from './testing/chat-stand-in';

describe('mergeJudgement', () => {
  it('takes the judgement from the model and the computation from the rubric', () => {
    const input = excellentCall();
    const rubric = analyzeCall(input);
    const answer = goodAnswer(numberedTranscript(input).join('\n'));
    const report = mergeJudgement(rubric, answer, input);
    expect(report).toMatchObject({
      summary: answer.summary,
      sentiment: answer.sentiment,
      professionalismScore: 7.5,
      responseTimeScore: 6,
      resolutionScore: 5.5,
      keyTopics: answer.keyTopics,
      metrics: rubric.metrics,
      observedScores: rubric.observedScores,
      afterHoursBehavior: rubric.afterHoursBehavior,
    });
    const weighted = SCORE_WEIGHTS.professionalism * 7.5 + SCORE_WEIGHTS.responseTime * 6 + SCORE_WEIGHTS.resolution * 5.5;
    expect(report.overallScore).toBe(Math.round(weighted * 10) / 10);
    expect(report.strengths[0].evidence[0]).toEqual({ ...answer.strengths[0].evidence[0], atMs: input.transcript[0].startMs });
  });

  it('keeps the rubric’s score and evidence where nothing could be observed', () => {
    const input = noAnswerCall();
    const rubric = analyzeCall(input);
    const answer = { ...goodAnswer(''), professionalismScore: 9 };
    const report = mergeJudgement(rubric, answer, input);
    expect(rubric.observedScores.professionalism).toBe(false);
    expect(report.professionalismScore).toBe(rubric.professionalismScore);
    expect(report.scoreEvidence.professionalism).toEqual(rubric.scoreEvidence.professionalism);
    expect(report.strengths[0].evidence[0]).toEqual({ segmentIndex: null, quote: 'Nobody spoke on the call.', atMs: null });
  });
});
