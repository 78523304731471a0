import type { CallAnalysisInput } from '../ports/call-analyzer';
import { callModeOf } from './call-mode';
import {
  busyCall,
  excellentCall,
  failedCall,
  ivrLoopCall,
  longHoldCall,
  noAnswerCall,
  voicemailAfterHours,
  bareVoicemailInHours,
} from './fixtures/call-fixtures';
import { computeMetrics } from './metrics';
import { ringsOf, scoreForRings, scoreResponseTime } from './response-time-score';
import { viewTranscript } from './transcript-view';

function score(input: CallAnalysisInput) {
  const view = viewTranscript(input.transcript);
  return scoreResponseTime(input, callModeOf(input, view), computeMetrics(input, view));
}

function answeredOn(rings: number, extra: Partial<CallAnalysisInput> = {}) {
  return score({ ...excellentCall(), ringsBeforePickup: rings, timeToAnswerMs: 1500 + (rings - 1) * 6000 + 700, ...extra });
}

describe('response time score', () => {
  it('scores pickup by rings: 1st–2nd ring 10, 3–4 rings 7–8, 5 or more 4–5 and less', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(scoreForRings)).toEqual([10, 10, 8, 7, 5, 4, 3]);
    expect(answeredOn(1).score).toBe(10);
    expect(answeredOn(2).score).toBe(10);
    expect(answeredOn(3).score).toBe(8);
    expect(answeredOn(4).score).toBe(7);
    expect(answeredOn(5).score).toBe(5);
  });

  it('cites the pickup as a fact', () => {
    const result = score({ ...excellentCall(), ringsBeforePickup: 4, timeToAnswerMs: 22_100 });
    expect(result.evidence).toContainEqual({ segmentIndex: null, quote: 'Answered after 4 rings (22.1 s)', atMs: null });
    expect(result.checks[0]).toMatchObject({ id: 'pickup', status: 'partial', text: 'Took 4 rings to answer (22.1 s)' });
  });

  it('estimates rings from the ring cadence when the count is missing', () => {
    const input = { ...excellentCall(), ringsBeforePickup: null, timeToFirstRingMs: 1200, timeToAnswerMs: 20_000 };
    expect(ringsOf(input, 20_000)).toBe(4);
    expect(score(input).score).toBe(7);
  });

  it('takes points off for extra attempts, long holds and a menu before a person', () => {
    expect(answeredOn(1, { attemptsBeforePickup: 2 }).score).toBe(8.5);
    expect(answeredOn(1, { attemptsBeforePickup: 2 }).evidence.map((e) => e.quote)).toContain('Picked up on attempt 2');
    const hold = score(longHoldCall());
    expect(hold.score).toBe(9);
    expect(hold.evidence.some((e) => /^On hold for 45\.\d s from 0:\d\d$/.test(e.quote) && e.atMs !== null)).toBe(true);
    expect(answeredOn(2, { answeredBy: 'ivr' }).score).toBe(8.5);
  });

  it('scores voicemail low, a little higher outside business hours', () => {
    expect(score(bareVoicemailInHours()).score).toBe(2);
    const afterHours = score(voicemailAfterHours());
    expect(afterHours.score).toBe(3);
    expect(afterHours.evidence[0]!.quote).toBe('Voicemail picked up after 5 rings (27.9 s) outside business hours');
  });

  it('scores calls that reached nobody lowest, each with the fact behind it', () => {
    const busy = score(busyCall());
    expect(busy.score).toBe(1);
    expect(busy.evidence.map((e) => e.quote)).toEqual(['Busy signal after 2.8 s', 'Not reached after 3 attempts']);
    const noAnswer = score(noAnswerCall());
    expect(noAnswer.score).toBe(0);
    expect(noAnswer.evidence[0]!.quote).toBe('No answer after 6 rings (36.5 s)');
    expect(score(failedCall()).score).toBe(0);
    expect(score(ivrLoopCall()).score).toBe(1);
  });

  it('never goes below 0', () => {
    expect(answeredOn(9, { attemptsBeforePickup: 5, answeredBy: 'ivr', holdPeriods: [{ startMs: 1000, endMs: 200_000 }] }).score).toBe(0);
  });
});
