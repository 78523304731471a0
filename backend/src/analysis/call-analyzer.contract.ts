/**
 * What every CallAnalyzer adapter must do, written once and run against each
 * (rubric/rubric-call-analyzer.spec.ts, llm/llm-call-analyzer.spec.ts).
 */
import { citationProblem } from './llm/answer-check';
import { reportSchema } from './llm/report-schema';
import type { CallAnalysisReport, CallAnalyzer, Evidence } from './ports/call-analyzer';
import { analyzeCall } from './rubric/analyze-call';
import { ALL_FIXTURES } from './rubric/fixtures/call-fixtures';

export interface CallAnalyzerFixture {
  analyzer: CallAnalyzer;
  cleanup: () => Promise<void>;
}

export function allEvidence(report: CallAnalysisReport): Evidence[] {
  return [
    ...Object.values(report.scoreEvidence).flat(),
    ...[...report.strengths, ...report.areasForImprovement, ...report.satisfactionIndicators, ...report.recommendations].flatMap((item) => item.evidence),
  ];
}

export function describeCallAnalyzerContract(name: string, factory: () => Promise<CallAnalyzerFixture>): void {
  describe(`CallAnalyzer contract: ${name}`, () => {
    let fixture: CallAnalyzerFixture;
    beforeAll(async () => {
      fixture = await factory();
    });
    afterAll(() => fixture.cleanup());

    it.each(Object.entries(ALL_FIXTURES))('reports on %s in the one report shape, citing real segments, on the rubric metrics', async (_name, make) => {
      const input = make();
      const outcome = await fixture.analyzer.analyze(input);
      expect({ analyzer: outcome.analyzer, fallbackReason: outcome.fallbackReason }).toEqual({ analyzer: fixture.analyzer.adapterName, fallbackReason: null });

      const parsed = reportSchema.safeParse(outcome.report);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);

      for (const evidence of allEvidence(outcome.report)) {
        expect(citationProblem(evidence, input.transcript)).toBeNull();
        if (evidence.segmentIndex !== null) expect(evidence.atMs).toBe(Math.max(0, input.transcript[evidence.segmentIndex].startMs));
      }

      const rubric = analyzeCall(input);
      expect(outcome.report.metrics).toEqual(rubric.metrics);
      expect(outcome.report.observedScores).toEqual(rubric.observedScores);
      expect(outcome.report.afterHoursBehavior).toEqual(rubric.afterHoursBehavior);
    });

    it('names itself in its health', async () => {
      expect(await fixture.analyzer.health()).toMatchObject({ adapter: fixture.analyzer.adapterName, state: 'up' });
    });
  });
}
