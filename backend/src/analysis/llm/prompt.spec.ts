import { analyzeCall } from '../rubric/analyze-call';
import { TranscriptBuilder } from '../rubric/fixtures/transcript-builder';
import { liveCall, noAnswerCall } from '../rubric/fixtures/call-fixtures';
import { analysisMessages, numberedTranscript } from './prompt';

describe('the analysis prompt', () => {
  it('numbers each spoken segment by its index in the transcript, skipping silent ones', () => {
    const input = liveCall(new TranscriptBuilder().business('Harbor Point,\n  how can I help?').caller('   ').caller('A leak, today please.'));
    expect(numberedTranscript(input)).toEqual(['[0] business @0.4 s: Harbor Point, how can I help?', expect.stringMatching(/^\[2\] caller @\d+\.\d s: A leak, today please\.$/)]);
  });

  it('gives the rubric facts and the transcript in the user message, the rules in the system message', () => {
    const input = liveCall(new TranscriptBuilder().business('Harbor Point Plumbing, how can I help?'));
    const [system, user] = analysisMessages(input, analyzeCall(input));
    expect(system.role).toBe('system');
    expect(system.content).toMatch(/segmentIndex is null/);
    expect(system.content).toMatch(/copied exactly/);
    expect(user.role).toBe('user');
    expect(user.content).toContain('Business: Harbor Point Plumbing (plumber, point_of_interest, establishment)');
    expect(user.content).toContain("Caller's goal: a leaking pipe under the kitchen sink, wants someone today");
    expect(user.content).toMatch(/Call duration [\d.]+ s; wait time [\d.]+ s; business talk-time ratio [\d.]+; interruptions 0; dead air [\d.]+ s/);
    expect(user.content).toContain('[0] business @0.4 s: Harbor Point Plumbing, how can I help?');
  });

  it('says which scores cannot be observed and that nothing was said', () => {
    const input = noAnswerCall();
    const user = analysisMessages(input, analyzeCall(input))[1].content;
    expect(user).toContain('professionalism NOT observable');
    expect(user).toContain('Transcript: nothing was said.');
    expect(user).toContain('Time to answer: not answered');
  });
});
