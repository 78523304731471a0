import type { CallAnalysisInput } from '../ports/call-analyzer';
import { callModeOf } from './call-mode';
import {
  busyCall,
  excellentCall,
  ivrLoopCall,
  liveCall,
  noAnswerCall,
  poorCall,
  voicemailAfterHours,
  bareVoicemailInHours,
} from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { callerNeeds, scoreResolution } from './resolution-score';
import { viewTranscript } from './transcript-view';

function score(input: CallAnalysisInput) {
  const view = viewTranscript(input.transcript);
  return scoreResolution(input, callModeOf(input, view), view);
}

function statusOf(input: CallAnalysisInput, id: string) {
  return score(input).checks.find((c) => c.id === id)?.status;
}

const pricingGoal = { callerGoal: 'a quote for a roof repair' };

describe('resolution score', () => {
  it('finds what the caller needs in the goal and in what the caller asked', () => {
    const call = excellentCall();
    expect(callerNeeds(call, viewTranscript(call.transcript)).map((n) => n.topic)).toEqual(['availability', 'pricing', 'emergency']);
    const hours = liveCall(new TranscriptBuilder().business('Harbor Point Plumbing.').caller('What are your hours on Saturday?'), { callerGoal: '' });
    expect(callerNeeds(hours, viewTranscript(hours.transcript)).map((n) => n.topic)).toEqual(['hours']);
  });

  it('gives full marks when every need is answered and the caller is booked', () => {
    const result = score(excellentCall());
    expect(result.score).toBe(10);
    expect(result.checks.find((c) => c.id === 'need-pricing')!.evidence[0]!.quote).toBe(
      'Our service call is $89, and most leak repairs run between $150 and $300 including parts.',
    );
    expect(result.checks.find((c) => c.id === 'next-step')!.text).toBe('Booked the caller in');
  });

  it("counts 'I'd have to check' as a partial answer", () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Summit Roofing, how can I help?')
        .caller('Hi, how much would it cost to fix a few missing shingles?')
        .business("I'd have to check with the owner on pricing.")
        .caller('Okay, thanks.'),
      pricingGoal,
    );
    const check = score(call).checks.find((c) => c.id === 'need-pricing')!;
    expect(check.status).toBe('partial');
    expect(check.evidence.map((e) => e.quote)).toEqual([
      "I'd have to check with the owner on pricing.",
      'Hi, how much would it cost to fix a few missing shingles?',
    ]);
  });

  it('counts a later answer after a hedge as answered', () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Summit Roofing, how can I help?')
        .caller('How much for a small roof repair?')
        .business('Let me check.')
        .business('Small repairs usually run $250 to $400.', 3000),
      pricingGoal,
    );
    expect(statusOf(call, 'need-pricing')).toBe('pass');
  });

  it('counts an offer of a free estimate as a pricing next step', () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Summit Roofing.')
        .caller('Can I get a price on a roof repair?')
        .business('We can come out and give you a free estimate this week.'),
      pricingGoal,
    );
    expect(statusOf(call, 'need-pricing')).toBe('pass');
  });

  it('fails a need the business refused or ignored, citing the question', () => {
    expect(statusOf(poorCall(), 'need-availability')).toBe('fail');
    const ignored = liveCall(
      new TranscriptBuilder().business('Summit Roofing.').caller('How much for a roof repair?').business('We do roofs.'),
      pricingGoal,
    );
    const check = score(ignored).checks.find((c) => c.id === 'need-pricing')!;
    expect(check.status).toBe('fail');
    expect(check.evidence).toEqual([
      { segmentIndex: 1, quote: 'How much for a roof repair?', atMs: ignored.transcript[1]!.startMs },
      { segmentIndex: null, quote: 'No answer about pricing was given', atMs: null },
    ]);
  });

  it('rates the next step: booking or name and number pass, part of it is partial, nothing fails', () => {
    const ending = (line: string) =>
      liveCall(new TranscriptBuilder().business('Summit Roofing, how can I help?').caller('I need a roof repair.').business(line), {
        callerGoal: '',
      });
    expect(statusOf(ending("Great, I've got you down for Tuesday at 10 am."), 'next-step')).toBe('pass');
    expect(statusOf(ending("Sure. What's your name and the best number to reach you?"), 'next-step')).toBe('pass');
    expect(statusOf(ending('Sure, can I get your name?'), 'next-step')).toBe('partial');
    expect(statusOf(ending('Okay, try our website.'), 'next-step')).toBe('fail');
  });

  it('checks that the caller questions got substantive replies', () => {
    expect(score(poorCall()).checks.find((c) => c.id === 'questions-answered')).toMatchObject({
      status: 'fail',
      text: "Answered 0 of the caller's 3 questions",
    });
    expect(statusOf(excellentCall(), 'questions-answered')).toBe('pass');
  });

  it('caps a voicemail at 3 for a helpful greeting, lower for a bare one', () => {
    expect(score(voicemailAfterHours()).score).toBe(3);
    expect(score(bareVoicemailInHours()).score).toBeLessThan(1);
    expect(score(voicemailAfterHours()).evidence[0]!.quote).toBe(
      "The caller's goal (a leaking pipe under the kitchen sink, wants someone today) was not addressed: the call reached voicemail",
    );
  });

  it('scores a looping menu 0 and cites the repeated prompt', () => {
    const result = score(ivrLoopCall());
    expect(result.score).toBe(0);
    expect(result.evidence.map((e) => e.quote)).toContain('The same menu prompt played 3 times');
    expect(result.evidence.some((e) => e.segmentIndex === 0)).toBe(true);
  });

  it('scores an unreached call 0 with the reason', () => {
    expect(score(busyCall())).toMatchObject({ score: 0, observed: true });
    expect(score(noAnswerCall()).evidence[0]!.quote).toMatch(/was not addressed: no one answered$/);
  });
});
