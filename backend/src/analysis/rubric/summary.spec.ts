import { analyzeCall } from './analyze-call';
import { busyCall, excellentCall, ivrLoopCall, noAnswerCall, poorCall, voicemailAfterHours } from './fixtures/call-fixtures';

describe('summary', () => {
  it('tells how an answered call connected and went', () => {
    const summary = analyzeCall(excellentCall()).summary;
    expect(summary).toMatch(/^Harbor Point Plumbing answered on the 2nd ring \(8\.2 s\)\./);
    expect(summary).toContain('greeted with the business name');
    expect(summary).toContain('The caller was booked in.');
    expect(summary).toMatch(/Overall 10\.0\/10, positive tone\.$/);
  });

  it('names the problems of a poor call', () => {
    const summary = analyzeCall(poorCall()).summary;
    expect(summary).toContain('on the 6th ring (33.4 s) on attempt 2');
    expect(summary).toContain('No booking or callback was offered.');
    expect(summary).toContain('1 interruption and 9.9 s of dead air');
  });

  it('says an unanswered call is scored on what was observable', () => {
    for (const call of [busyCall(), noAnswerCall()]) {
      expect(analyzeCall(call).summary).toContain('professionalism could not be observed because no one answered');
    }
    expect(analyzeCall(noAnswerCall()).summary).toMatch(/^No one answered: the phone rang 6 times over 36\.5 s\./);
    expect(analyzeCall(voicemailAfterHours()).summary).toContain('the scores rest on the ring time and the voicemail greeting');
    expect(analyzeCall(ivrLoopCall()).summary).toContain('professionalism is scored on the menu prompts only');
  });
});
