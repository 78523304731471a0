import { excellentCall } from './rubric/fixtures/call-fixtures';
import { analyzeCall } from './rubric/analyze-call';
import { fallbackReport, unavailableReport } from './unavailable-report';

describe('fallbackReport', () => {
  it('gives the rubric report when the configured analyzer failed', () => {
    const input = excellentCall();
    expect(fallbackReport(input)).toEqual({ report: analyzeCall(input), analyzer: 'rubric' });
  });

  it('gives a report without scores, but complete in shape, when the rubric fails too', () => {
    const broken = { ...excellentCall(), transcript: null as never };
    const { report, analyzer } = fallbackReport(broken);
    expect(analyzer).toBe('none');
    expect(report).toEqual(unavailableReport(broken));
    expect(report.observedScores).toEqual({ professionalism: false, responseTime: false, resolution: false });
    expect(report.metrics.callDuration).toBe(Math.round(broken.callDurationMs / 100) / 10);
  });
});
