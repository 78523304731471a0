import type { CallAnalysisInput } from '../ports/call-analyzer';
import { callModeOf } from './call-mode';
import {
  busyCall,
  excellentCall,
  ivrLoopCall,
  liveCall,
  longHoldCall,
  noAnswerCall,
  poorCall,
  voicemailAfterHours,
  bareVoicemailInHours,
} from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { computeMetrics } from './metrics';
import { scoreProfessionalism } from './professionalism-score';
import type { RubricCheck } from './rubric-check';
import { viewTranscript } from './transcript-view';

function score(input: CallAnalysisInput) {
  const view = viewTranscript(input.transcript);
  return scoreProfessionalism(input, callModeOf(input, view), view, computeMetrics(input, view));
}

function checkOf(input: CallAnalysisInput, id: string): RubricCheck {
  const found = score(input).checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

describe('professionalism score', () => {
  it('gives a full score to an excellent call, every check citing what was said', () => {
    const result = score(excellentCall());
    expect(result.score).toBe(10);
    expect(result.checks.every((c) => c.status === 'pass')).toBe(true);
    expect(checkOf(excellentCall(), 'business-name').evidence[0]).toMatchObject({
      segmentIndex: 0,
      quote: 'Thank you for calling Harbor Point Plumbing, this is Maria.',
    });
    expect(checkOf(excellentCall(), 'offers-help').evidence[0]!.quote).toBe('How can I help you today?');
    expect(checkOf(excellentCall(), 'closing').evidence[0]!.quote).toBe('Thank you for calling Harbor Point Plumbing, have a great day!');
  });

  it('scores a curt, silent, unhelpful call low and marks what was missing', () => {
    const result = score(poorCall());
    expect(result.score).toBeLessThan(2);
    expect(checkOf(poorCall(), 'business-name')).toMatchObject({ status: 'fail', evidence: [{ segmentIndex: 0, quote: 'Yeah?' }] });
    expect(checkOf(poorCall(), 'courteous-tone').status).toBe('fail');
    expect(checkOf(poorCall(), 'courteous-tone').evidence.map((e) => e.quote)).toEqual(['Yeah?', "I don't know.", 'Nope.']);
    expect(checkOf(poorCall(), 'no-long-silence').status).toBe('fail');
    expect(checkOf(poorCall(), 'lets-caller-finish').status).toBe('partial');
  });

  it('matches the business name loosely (possessives, case, missing filler words)', () => {
    const call = liveCall(new TranscriptBuilder().business('thanks for calling harbor point, this is Sam. What can I do for you?').caller('Hi.'), {
      businessName: 'Harbor Point Plumbing & Drain, LLC',
    });
    expect(checkOf(call, 'business-name').status).toBe('pass');
    expect(checkOf(call, 'offers-help').status).toBe('pass');
  });

  it('does not take the business name for a person introducing themselves', () => {
    const call = liveCall(new TranscriptBuilder().business('Hello, this is Harbor Point Plumbing.').caller('Hi, who am I speaking with?'));
    expect(checkOf(call, 'introduces-self').status).toBe('fail');
    expect(checkOf(call, 'warm-greeting').status).toBe('partial');
  });

  it('checks hold etiquette: asked first and thanked on return', () => {
    expect(checkOf(longHoldCall(), 'hold-etiquette')).toMatchObject({
      status: 'pass',
      evidence: [{ segmentIndex: null }, { quote: 'Can I put you on a brief hold while I check the schedule?' }, { quote: 'Thank you for holding.' }],
    });
    const rude = longHoldCall();
    rude.transcript = rude.transcript.map((s) =>
      s.text.startsWith('Can I put')
        ? { ...s, text: 'Wait.' }
        : s.text.startsWith('Thank you for holding')
          ? { ...s, text: 'We have an opening today at 3 pm.' }
          : s,
    );
    expect(checkOf(rude, 'hold-etiquette').status).toBe('fail');
    expect(score(excellentCall()).checks.some((c) => c.id === 'hold-etiquette')).toBe(false);
  });

  it('does not expect a thank-you after a transfer hold before the caller spoke', () => {
    const t = new TranscriptBuilder()
      .business('Thank you for calling Harbor Point Plumbing. For scheduling, press 1.')
      .business('Please hold while we connect your call.', 2000);
    const holdStart = t.nowMs + 200;
    t.wait(5000);
    const holdEnd = t.nowMs;
    t.business('Scheduling, this is Dana, how can I help you?', 300).caller('Hi, can someone come out today?').business('Yes, this afternoon.');
    const call = liveCall(t, { answeredBy: 'ivr', holdPeriods: [{ startMs: holdStart, endMs: holdEnd }] });
    expect(checkOf(call, 'hold-etiquette')).toMatchObject({ status: 'pass', text: 'Told the caller before putting them on hold' });
  });

  it('scores a voicemail greeting on name, hours, callback, other channel and courtesy', () => {
    const good = score(voicemailAfterHours());
    expect(good.score).toBe(10);
    expect(good.checks.map((c) => c.id)).toEqual(['business-name', 'vm-hours', 'vm-callback', 'vm-other-channel', 'courtesy']);
    const bare = score(bareVoicemailInHours());
    expect(bare.score).toBeLessThan(3);
    expect(bare.checks.find((c) => c.id === 'vm-callback')!.status).toBe('partial');
  });

  it('scores a looping menu on its prompts', () => {
    const result = score(ivrLoopCall());
    expect(result.observed).toBe(true);
    expect(result.checks.find((c) => c.id === 'menu-operator')!.status).toBe('fail');
    expect(result.checks.find((c) => c.id === 'business-name')!.status).toBe('pass');
  });

  it('cannot observe professionalism when nobody answered, and says why', () => {
    for (const call of [busyCall(), noAnswerCall()]) {
      const result = score(call);
      expect(result).toMatchObject({ score: 0, observed: false, checks: [] });
      expect(result.evidence[0]!.quote).toMatch(/could not be observed/);
    }
  });

  it('scores 0 when the business picked up and said nothing', () => {
    const result = score(liveCall(new TranscriptBuilder().caller('Hello? Is anyone there?')));
    expect(result).toMatchObject({ score: 0, observed: true });
    expect(result.checks[0]!.id).toBe('business-silent');
  });
});
