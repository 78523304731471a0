import { overallScore } from './overall';
import type { ScoreResult } from './rubric-check';

const result = (score: number, observed = true): ScoreResult => ({ score, observed, checks: [], evidence: [] });

describe('overall score', () => {
  it('weighs response time 35%, professionalism 30% and resolution 35%, to one decimal', () => {
    expect(overallScore({ responseTime: result(10), professionalism: result(0), resolution: result(0) })).toBe(3.5);
    expect(overallScore({ responseTime: result(0), professionalism: result(10), resolution: result(0) })).toBe(3);
    expect(overallScore({ responseTime: result(7.3), professionalism: result(8.1), resolution: result(6.6) })).toBe(7.3);
  });

  it('leaves out what could not be observed', () => {
    expect(overallScore({ responseTime: result(1), professionalism: result(0, false), resolution: result(0) })).toBe(0.5);
    expect(overallScore({ responseTime: result(0, false), professionalism: result(0, false), resolution: result(0, false) })).toBe(0);
  });
});
