import { excellentCall } from '../rubric/fixtures/call-fixtures';
import { checkModelAnswer } from './answer-check';
import { numberedTranscript } from './prompt';
import { goodAnswer } from './testing/chat-stand-in';

const input = excellentCall();
const good = goodAnswer(numberedTranscript(input).join('\n'));
const check = (answer: unknown) => checkModelAnswer(typeof answer === 'string' ? answer : JSON.stringify(answer), input.transcript);
const problemOf = (answer: unknown) => {
  const result = check(answer);
  return result.ok ? null : result.problem;
};

describe('checkModelAnswer', () => {
  it('accepts a well-formed answer citing real segments and facts', () => {
    expect(check(good)).toEqual({ ok: true, answer: good });
    const withFact = { ...good, scoreEvidence: { ...good.scoreEvidence, responseTime: [{ segmentIndex: null, quote: 'Answered after 2 rings' }] } };
    expect(check(withFact).ok).toBe(true);
  });

  it('tolerates differences of whitespace only', () => {
    const spaced = { ...good, keyTopics: ['pricing'], strengths: [{ text: 'Warm.', evidence: [{ segmentIndex: 2, quote: "  I'm sorry to  hear that. " }] }] };
    expect(check(spaced).ok).toBe(true);
  });

  it('refuses what is not JSON or not the shape', () => {
    expect(problemOf('{"summary":')).toBe('the answer is not JSON');
    expect(problemOf({ ...good, resolutionScore: 12 })).toMatch(/^resolutionScore: /);
    expect(problemOf({ ...good, recommendations: [{ ...good.recommendations[0], category: 'Marketing' }] })).toMatch(/^recommendations\.0\.category/);
    expect(problemOf({ ...good, extra: true })).toBeNull();
  });

  it('refuses a citation of a segment that does not exist or text it does not hold', () => {
    const citing = (segmentIndex: number, quote: string) => ({ ...good, strengths: [{ text: 'x', evidence: [{ segmentIndex, quote }] }] });
    expect(problemOf(citing(99, 'Hello'))).toBe('strengths.0.evidence.0 cites segment 99, which does not exist');
    expect(problemOf(citing(0, 'We answer every call within one ring.'))).toBe('strengths.0.evidence.0 quotes text that is not in segment 0');
    expect(problemOf(citing(0, 'thank you for calling harbor point plumbing'))).toMatch(/quotes text that is not in segment 0/);
  });
});
