import type { CallAnalysisInput } from '../ports/call-analyzer';
import { excellentCall, ivrLoopCall, longHoldCall, noAnswerCall, poorCall } from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { computeMetrics, DEAD_AIR_MIN_MS } from './metrics';
import { viewTranscript } from './transcript-view';

function metricsOf(input: CallAnalysisInput) {
  return computeMetrics(input, viewTranscript(input.transcript));
}

function withTranscript(transcript: CallAnalysisInput['transcript'], overrides: Partial<CallAnalysisInput> = {}): CallAnalysisInput {
  return { ...excellentCall(), transcript, ...overrides };
}

describe('call metrics', () => {
  it('reports the call duration from dialling to the end in seconds, one decimal', () => {
    expect(metricsOf({ ...excellentCall(), callDurationMs: 42_371 }).metrics.callDuration).toBe(42.4);
  });

  it('counts the wait from dialling to the answer plus time on hold', () => {
    const call = longHoldCall();
    const hold = call.holdPeriods[0]!;
    const { metrics, holdMs } = metricsOf(call);
    expect(holdMs).toBe(hold.endMs - hold.startMs);
    expect(metrics.waitTime).toBe(Math.round((4100 + holdMs) / 100) / 10);
  });

  it('counts the whole call as waiting when nobody answered', () => {
    expect(metricsOf(noAnswerCall()).metrics.waitTime).toBe(36.5);
  });

  it('gives the business share of talk time', () => {
    const transcript = [
      { speaker: 'business' as const, text: 'Thanks for calling, how can I help?', startMs: 0, endMs: 3000, confidence: 0.9 },
      { speaker: 'caller' as const, text: 'Do you have time today?', startMs: 3500, endMs: 4500, confidence: 0.9 },
    ];
    expect(metricsOf(withTranscript(transcript)).metrics.talkTimeRatio).toBe(0.75);
    expect(metricsOf(withTranscript([])).metrics.talkTimeRatio).toBe(0);
  });

  it('counts each segment that starts over the other party once, whoever interrupts', () => {
    const transcript = new TranscriptBuilder()
      .business('Thanks for calling Harbor Point Plumbing, how can I help you?')
      .caller('Hi, I need someone today for a leaking pipe under the sink please', -1200)
      .business('Okay.', -1000)
      .caller('Is that possible?', 300)
      .build();
    const { metrics, overlaps } = metricsOf(withTranscript(transcript));
    expect(metrics.interruptions).toBe(2);
    expect(overlaps.map((o) => o.segment.speaker)).toEqual(['caller', 'business']);
  });

  it('ignores overlaps of a few hundred ms (timestamp jitter)', () => {
    const transcript = new TranscriptBuilder().business('Harbor Point Plumbing, how can I help?').caller('Hi there.', -100).build();
    expect(metricsOf(withTranscript(transcript)).metrics.interruptions).toBe(0);
  });

  it('sums silences of 2 s or more, from the answer to the last word, and not the shorter ones', () => {
    const transcript = new TranscriptBuilder(2500)
      .business('Harbor Point Plumbing.')
      .caller('Hi, is anyone free today?', 1900)
      .business('Let me look.', 3000)
      .business('Yes, at 3 pm.', 2200)
      .build();
    const { metrics, deadAir } = metricsOf(withTranscript(transcript));
    expect(deadAir.map((gap) => gap.endMs - gap.startMs)).toEqual([2500, 3000, 2200]);
    expect(metrics.deadAirTime).toBe(7.7);
    expect(deadAir.every((gap) => gap.endMs - gap.startMs >= DEAD_AIR_MIN_MS)).toBe(true);
  });

  it('does not count hold time as dead air', () => {
    const call = longHoldCall();
    expect(metricsOf(call).metrics.deadAirTime).toBe(0);
    expect(metricsOf({ ...call, holdPeriods: [] }).metrics.deadAirTime).toBeGreaterThan(40);
  });

  it('keeps the part of a silence outside a hold when it is long enough', () => {
    const transcript = [
      { speaker: 'business' as const, text: 'One moment please.', startMs: 0, endMs: 1000, confidence: 0.9 },
      { speaker: 'business' as const, text: 'Thanks for holding.', startMs: 14_000, endMs: 15_000, confidence: 0.9 },
    ];
    const { deadAir } = metricsOf(withTranscript(transcript, { holdPeriods: [{ startMs: 1500, endMs: 11_000 }] }));
    expect(deadAir).toEqual([{ startMs: 11_000, endMs: 14_000 }]);
  });

  it('does not count a menu waiting for a keypress or a transfer ringing as dead air', () => {
    const transcript = new TranscriptBuilder()
      .business('Thank you for calling Harbor Point Plumbing. For scheduling, press 1. For billing, press 2.')
      .business('Please hold while we connect your call.', 3000)
      .business('Scheduling, this is Dana, how can I help you?', 4500)
      .caller('Hi, can someone come out today?')
      .business('Yes, this afternoon.', 2600)
      .build();
    const { deadAir } = metricsOf(withTranscript(transcript, { answeredBy: 'ivr' }));
    expect(deadAir.map((gap) => gap.endMs - gap.startMs)).toEqual([2600]);
    expect(metricsOf(ivrLoopCall()).metrics.deadAirTime).toBe(0);
  });

  it('has a poor call with dead air and an interruption, and an excellent call with neither', () => {
    expect(metricsOf(poorCall()).metrics).toMatchObject({ interruptions: 1, deadAirTime: 9.9 });
    expect(metricsOf(excellentCall()).metrics).toMatchObject({ interruptions: 0, deadAirTime: 0 });
  });
});
