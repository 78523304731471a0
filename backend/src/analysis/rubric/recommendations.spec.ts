import type { CallAnalysisInput, Recommendation } from '../ports/call-analyzer';
import { analyzeCall } from './analyze-call';
import {
  bareVoicemailInHours,
  busyCall,
  excellentCall,
  failedCall,
  ivrLoopCall,
  liveCall,
  longHoldCall,
  noAnswerCall,
  poorCall,
  voicemailAfterHours,
} from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';

function recommendations(input: CallAnalysisInput): Recommendation[] {
  return analyzeCall(input).recommendations;
}

function find(input: CallAnalysisInput, action: string): Recommendation | undefined {
  return recommendations(input).find((r) => r.action === action);
}

describe('recommendations', () => {
  it('asks for call forwarding or an answering service after a missed call', () => {
    expect(find(noAnswerCall(), 'Set up call forwarding or an answering service')).toMatchObject({
      category: 'Availability',
      priority: 'high',
      evidence: [{ segmentIndex: null, quote: 'No answer after 6 rings (36.5 s)' }],
    });
  });

  it('has advice for a busy line, a dead number and a looping menu', () => {
    expect(recommendations(busyCall())[0]!.action).toBe('Add a second line or call rollover so callers never hear a busy signal');
    expect(recommendations(failedCall())[0]).toMatchObject({ category: 'Operations', action: 'Check that your listed phone number works' });
    expect(recommendations(ivrLoopCall())[0]).toMatchObject({ priority: 'high', action: 'Fix the phone menu so every option reaches a person' });
  });

  it('asks to answer within 3 rings after a long wait, more urgently the longer it rang', () => {
    const rings = (n: number) => find({ ...excellentCall(), ringsBeforePickup: n, timeToAnswerMs: 1500 + (n - 1) * 6000 }, 'Answer within 3 rings');
    expect(rings(3)).toBeUndefined();
    expect(rings(4)).toMatchObject({ category: 'Responsiveness', priority: 'medium' });
    expect(rings(6)?.priority).toBe('high');
  });

  it('asks to greet with the business name and to book or take a number, citing the words', () => {
    const call = liveCall(
      new TranscriptBuilder().business('Hello?').caller('Hi, how much is a drain cleaning?').business('It is $120.').caller('Okay, thanks.'),
      {
        callerGoal: '',
      },
    );
    expect(find(call, 'Greet callers with the business name')).toMatchObject({
      category: 'Customer Service',
      evidence: [{ segmentIndex: 0, quote: 'Hello?' }],
    });
    expect(find(call, 'Offer to book or take a callback number')).toMatchObject({ category: 'Sales', priority: 'high' });
  });

  it('asks to mention the hours in an after-hours voicemail greeting that lacks them, with high priority', () => {
    const call = voicemailAfterHours();
    call.transcript = [{ ...call.transcript[0]!, text: "You've reached Harbor Point Plumbing. Please leave a message and we'll call you back." }];
    expect(find(call, 'Mention your hours in the voicemail greeting')?.priority).toBe('high');
    expect(find(call, 'Answer calls live during business hours')).toBeUndefined();
    expect(find(bareVoicemailInHours(), 'Answer calls live during business hours')?.priority).toBe('high');
    expect(find(bareVoicemailInHours(), 'Mention your hours in the voicemail greeting')?.priority).toBe('medium');
  });

  it('asks to keep holds short after a long hold', () => {
    expect(recommendations(longHoldCall()).map((r) => r.action)).toEqual(['Keep holds under 30 seconds or offer a callback']);
  });

  it('has nothing to recommend for an excellent call, and lists the most urgent first otherwise', () => {
    expect(recommendations(excellentCall())).toEqual([]);
    const order = recommendations(poorCall()).map((r) => r.priority);
    expect(order).toEqual([...order].sort((a, b) => ['high', 'medium', 'low'].indexOf(a) - ['high', 'medium', 'low'].indexOf(b)));
    expect(new Set(recommendations(poorCall()).map((r) => r.action)).size).toBe(recommendations(poorCall()).length);
  });

  it('fills every field', () => {
    for (const r of recommendations(poorCall())) {
      expect(r.action && r.impact && r.implementation && r.category).toBeTruthy();
      expect(['Responsiveness', 'Customer Service', 'Sales', 'Operations', 'Availability']).toContain(r.category);
    }
  });
});
