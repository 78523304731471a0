import type { CallAnalysisInput, CallAnalysisReport } from '../ports/call-analyzer';
import { seconds } from '../rubric/format';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export const SYSTEM_PROMPT = `You analyse a test phone call that a mystery shopper placed to a small business, for the business's owner.
Judge how the business handled the call and answer in the JSON schema given.

Scores are 0 to 10 with one decimal:
- responseTimeScore: how quickly and reliably the caller reached someone: rings and wait before the answer, attempts needed, time on hold, dead air, slow replies.
- professionalismScore: greeting with the business name, courtesy, clarity, listening without talking over the caller, a proper close.
- resolutionScore: how far the caller's goal was met: availability, prices, booking, taking contact details, clear next steps.
A score the facts list as not observable (nobody to judge) is 0; cite the fact that explains why.
sentiment is the business's tone: positive, neutral or negative. keyTopics are short lowercase topics the call covered.
strengths and areasForImprovement are short findings. satisfactionIndicators say what would raise (impact positive) or lower (impact negative) a real customer's satisfaction and whether it was present.
recommendations are concrete actions for the owner, each with category, priority, expected impact and how to implement it.

Evidence rule: every score, finding, indicator and recommendation cites evidence.
- From the conversation: segmentIndex is the number of a transcript segment in square brackets, and quote is text copied exactly, character for character, from that segment (a whole segment or a sentence of it).
- From the call facts (rings, wait, hold, hours, no answer): segmentIndex is null and quote states the fact.
Never cite a segment that is not listed and never paraphrase inside a quote. Write in plain English, without markdown.`;

const yesNo = (value: boolean | null) => (value === null ? 'unknown' : value ? 'yes' : 'no');

/** The call facts the rubric established, which the model takes as given. */
function callFacts(input: CallAnalysisInput, rubric: CallAnalysisReport): string[] {
  const m = rubric.metrics;
  const observable = (Object.entries(rubric.observedScores) as [string, boolean][])
    .map(([name, observed]) => `${name} ${observed ? 'observable' : 'NOT observable'}`)
    .join(', ');
  return [
    `Business: ${input.businessName} (${input.businessCategory.join(', ') || 'category unknown'})`,
    `Caller's goal: ${input.callerGoal || 'unknown'}`,
    `Connection: ${input.connectionStatus}; answered by: ${input.answeredBy ?? 'nobody'}`,
    `Attempts before pickup: ${input.attemptsBeforePickup}; rings before pickup: ${input.ringsBeforePickup ?? 'unknown'}`,
    `Time to answer: ${input.timeToAnswerMs === null ? 'not answered' : seconds(input.timeToAnswerMs)}`,
    `Called during business hours: ${yesNo(input.duringBusinessHours)}`,
    `Hold periods: ${input.holdPeriods.length === 0 ? 'none' : input.holdPeriods.map((h) => seconds(h.endMs - h.startMs)).join(', ')}`,
    `Call duration ${m.callDuration} s; wait time ${m.waitTime} s; business talk-time ratio ${m.talkTimeRatio}; interruptions ${m.interruptions}; dead air ${m.deadAirTime} s`,
    `Scores: ${observable}`,
  ];
}

/** One line per spoken segment, numbered by its index in the transcript: `[3] business @12.4 s: text`. */
export function numberedTranscript(input: CallAnalysisInput): string[] {
  return input.transcript.flatMap((segment, index) => {
    const text = segment.text.replace(/\s+/g, ' ').trim();
    return text === '' ? [] : [`[${index}] ${segment.speaker} @${seconds(segment.startMs)}: ${text}`];
  });
}

/** The chat messages asking for the judgement of one call. */
export function analysisMessages(input: CallAnalysisInput, rubric: CallAnalysisReport): ChatMessage[] {
  const transcript = numberedTranscript(input);
  const user = [
    'Call facts:',
    ...callFacts(input, rubric).map((fact) => `- ${fact}`),
    '',
    transcript.length === 0 ? 'Transcript: nothing was said.' : 'Transcript (times from the answer):',
    ...transcript,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
