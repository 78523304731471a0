import type { CallAnalysisInput, CallAnalysisReport, Evidence } from '../ports/call-analyzer';
import { analyzeCall } from './analyze-call';
import { ALL_FIXTURES, excellentCall, noAnswerCall, voicemailAfterHours } from './fixtures/call-fixtures';
import { RubricCallAnalyzer } from './rubric-call-analyzer';

function allEvidence(report: CallAnalysisReport): Evidence[] {
  return [
    ...Object.values(report.scoreEvidence).flat(),
    ...report.strengths.flatMap((f) => f.evidence),
    ...report.areasForImprovement.flatMap((f) => f.evidence),
    ...report.satisfactionIndicators.flatMap((i) => i.evidence),
    ...report.recommendations.flatMap((r) => r.evidence),
  ];
}

const isOneDecimal = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;

describe.each(Object.entries(ALL_FIXTURES))('the rubric report of %s', (_name, make) => {
  const input: CallAnalysisInput = make();
  const report = analyzeCall(input);

  it('keeps every score within 0–10 at one decimal', () => {
    for (const score of [report.overallScore, report.professionalismScore, report.responseTimeScore, report.resolutionScore]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(10);
      expect(isOneDecimal(score)).toBe(true);
    }
    for (const seconds of [report.metrics.callDuration, report.metrics.waitTime, report.metrics.deadAirTime])
      expect(isOneDecimal(seconds)).toBe(true);
    expect(report.metrics.talkTimeRatio).toBeGreaterThanOrEqual(0);
    expect(report.metrics.talkTimeRatio).toBeLessThanOrEqual(1);
  });

  it('cites evidence for every score, finding, indicator and recommendation', () => {
    expect(report.scoreEvidence.professionalism.length).toBeGreaterThan(0);
    expect(report.scoreEvidence.responseTime.length).toBeGreaterThan(0);
    expect(report.scoreEvidence.resolution.length).toBeGreaterThan(0);
    for (const item of [...report.strengths, ...report.areasForImprovement, ...report.satisfactionIndicators, ...report.recommendations]) {
      expect(item.evidence.length).toBeGreaterThan(0);
    }
  });

  it('quotes the transcript verbatim, at the time of the quoted segment', () => {
    for (const evidence of allEvidence(report)) {
      expect(evidence.quote.trim()).not.toBe('');
      if (evidence.segmentIndex === null) continue;
      const segment = input.transcript[evidence.segmentIndex];
      expect(segment).toBeDefined();
      expect(segment!.text).toContain(evidence.quote);
      expect(evidence.atMs).toBe(segment!.startMs);
    }
  });

  it('is deterministic', () => {
    expect(analyzeCall(make())).toEqual(report);
  });

  it('has a summary and a sentiment', () => {
    expect(report.summary.length).toBeGreaterThan(40);
    expect(['positive', 'neutral', 'negative']).toContain(report.sentiment);
  });
});

describe('analyzeCall', () => {
  it('cites segments by their place in the given transcript, even when given out of order', () => {
    const input = excellentCall();
    const shuffled = { ...input, transcript: [...input.transcript].reverse() };
    const report = analyzeCall(shuffled);
    expect(report.overallScore).toBe(analyzeCall(input).overallScore);
    const greeting = report.scoreEvidence.professionalism.find((e) =>
      e.quote.startsWith('Thank you for calling Harbor Point Plumbing, this is Maria'),
    );
    expect(greeting?.segmentIndex).toBe(shuffled.transcript.length - 1);
  });

  it('marks professionalism unobserved for an unanswered call and leaves it out of the overall score', () => {
    const report = analyzeCall(noAnswerCall());
    expect(report.observedScores).toEqual({ professionalism: false, responseTime: true, resolution: true });
    expect(report.professionalismScore).toBe(0);
  });

  it('describes after-hours behaviour only for calls outside business hours', () => {
    expect(analyzeCall(voicemailAfterHours()).afterHoursBehavior).toBe(
      'Sent to voicemail; the greeting gives the business hours and promises a callback',
    );
    expect(analyzeCall(noAnswerCall()).afterHoursBehavior).toBe('Rang without an answer outside business hours');
    expect(analyzeCall(excellentCall()).afterHoursBehavior).toBeNull();
    expect(analyzeCall({ ...excellentCall(), duringBusinessHours: false }).afterHoursBehavior).toBe('Answered live outside business hours');
  });
});

describe('RubricCallAnalyzer', () => {
  it('is the rubric adapter of the call analyzer port', async () => {
    const analyzer = new RubricCallAnalyzer();
    expect(analyzer.adapterName).toBe('rubric');
    expect(await analyzer.health()).toEqual({ adapter: 'rubric', state: 'up' });
    expect(await analyzer.analyze(excellentCall())).toEqual({ report: analyzeCall(excellentCall()), analyzer: 'rubric', fallbackReason: null });
  });
});
