import type { Sentiment } from '../ports/call-analyzer';
import { check, type AnalysisContext } from './analysis-context';
import { listing, ordinal, plural, seconds } from './format';
import { ringsOf } from './response-time-score';
import type { RubricCheck } from './rubric-check';
import { NEEDS } from './topic-answers';

/** A few plain sentences: how the call connected, how it went, and what the scores rest on. */
export function summaryOf(context: AnalysisContext, overall: number, sentiment: Sentiment): string {
  const sentences = (() => {
    switch (context.mode) {
      case 'live':
        return liveSummary(context);
      case 'voicemail':
        return voicemailSummary(context);
      case 'menu':
        return menuSummary(context);
      case 'unreached':
        return unreachedSummary(context);
    }
  })();
  sentences.push(context.mode === 'live' ? `Overall ${overall.toFixed(1)}/10, ${sentiment} tone.` : `Overall ${overall.toFixed(1)}/10.`);
  return sentences.join(' ');
}

function goalOf(context: AnalysisContext): string {
  return context.input.callerGoal.trim();
}

function attemptsNote(context: AnalysisContext): string {
  const attempts = context.input.attemptsBeforePickup;
  return attempts > 1 ? ` on attempt ${attempts}` : '';
}

function liveSummary(context: AnalysisContext): string[] {
  const { input, detail } = context;
  const name = input.businessName;
  const rings = ringsOf(input, detail.timeToAnswerMs);
  const timing = detail.timeToAnswerMs === null ? '' : ` (${seconds(detail.timeToAnswerMs)})`;
  const pickup = rings === null ? `${name} answered` : `${name} answered on the ${ordinal(rings)} ring${timing}`;
  const sentences = [`${pickup}${attemptsNote(context)}${input.answeredBy === 'ivr' ? ', first through an automated menu' : ''}.`];

  const greetedByName = check(context, 'business-name')?.status === 'pass';
  const introduced = check(context, 'introduces-self')?.status === 'pass';
  if (check(context, 'business-silent')) sentences.push('No one spoke after the pickup.');
  else if (greetedByName)
    sentences.push(`The caller was greeted with the business name${introduced ? ' by a staff member who gave their name' : ''}.`);
  else sentences.push('The greeting did not include the business name.');

  const goal = goalOf(context);
  if (goal) sentences.push(`Caller's goal: ${goal}.`);
  const needs = context.resolution.checks.filter((c) => c.id.startsWith('need-'));
  const answers = needOutcomes(needs);
  if (answers) sentences.push(answers);
  sentences.push(nextStepSentence(check(context, 'next-step')));

  const issues: string[] = [];
  if (detail.holdMs > 0) issues.push(`${seconds(detail.holdMs)} on hold`);
  if (detail.metrics.interruptions > 0) issues.push(plural(detail.metrics.interruptions, 'interruption'));
  if (detail.metrics.deadAirTime > 0) issues.push(`${detail.metrics.deadAirTime.toFixed(1)} s of dead air`);
  if (issues.length > 0) sentences.push(`The call had ${listing(issues)}.`);
  return sentences;
}

function needOutcomes(needs: RubricCheck[]): string | null {
  if (needs.length === 0) return null;
  const noun = (c: RubricCheck) => NEEDS.find((need) => `need-${need.topic}` === c.id)?.noun ?? c.id;
  const answered = needs.filter((c) => c.status === 'pass').map(noun);
  const vague = needs.filter((c) => c.status === 'partial').map(noun);
  const missing = needs.filter((c) => c.status === 'fail').map(noun);
  const parts = [
    answered.length > 0 ? `${capitalise(listing(answered))} ${answered.length === 1 ? 'was' : 'were'} answered` : null,
    vague.length > 0 ? `${answered.length > 0 ? '' : 'The caller got '}no clear answer about ${listing(vague)}` : null,
    missing.length > 0 ? `${listing(missing)} went unanswered` : null,
  ].filter((part): part is string => part !== null);
  return `${capitalise(parts.join('; '))}.`;
}

function nextStepSentence(nextStep: RubricCheck | undefined): string {
  if (!nextStep) return 'No next step was agreed.';
  if (nextStep.status === 'pass') {
    if (nextStep.text === 'Booked the caller in') return 'The caller was booked in.';
    return nextStep.text === 'Offered to book the caller in'
      ? 'The business offered to book the caller in.'
      : "The caller's name and number were taken.";
  }
  if (nextStep.status === 'partial') return 'A next step was offered, but no booking was made.';
  return 'No booking or callback was offered.';
}

/** What a voicemail greeting did, as said and as missed. */
const VOICEMAIL_PHRASES: Record<string, [string, string]> = {
  'business-name': ['names the business', 'name the business'],
  'vm-hours': ['gives the hours', 'give the hours'],
  'vm-callback': ['promises a callback', 'promise a callback'],
  'vm-other-channel': ['offers another way to get help', 'offer another way to get help'],
};

function voicemailSummary(context: AnalysisContext): string[] {
  const { input } = context;
  const when = input.duringBusinessHours === false ? ' outside business hours' : input.duringBusinessHours ? ' during business hours' : '';
  const rings = ringsOf(input, context.detail.timeToAnswerMs);
  const after = rings === null ? '' : ` after ${plural(rings, 'ring')}`;
  const sentences = [`The call went to voicemail${after}${when}${attemptsNote(context)}.`];
  const greeting = context.professionalism.checks.filter((c) => VOICEMAIL_PHRASES[c.id] !== undefined);
  if (greeting.length > 0) {
    const said = greeting.filter((c) => c.status === 'pass').map((c) => VOICEMAIL_PHRASES[c.id]![0]);
    const missed = greeting.filter((c) => c.status !== 'pass').map((c) => VOICEMAIL_PHRASES[c.id]![1]);
    if (missed.length === 0) sentences.push(`The greeting ${listing(said)}.`);
    else if (said.length === 0) sentences.push(`The greeting does not ${listing(missed, 'or')}.`);
    else sentences.push(`The greeting ${listing(said)}, but does not ${listing(missed, 'or')}.`);
  }
  const goal = goalOf(context);
  sentences.push(
    `No one was reached live, so the caller's goal${goal ? ` (${goal})` : ''} was not addressed; the scores rest on the ring time and the voicemail greeting.`,
  );
  return sentences;
}

function menuSummary(context: AnalysisContext): string[] {
  const goal = goalOf(context);
  return [
    `An automated menu answered and looped without reaching a person${attemptsNote(context)}.`,
    `The caller's goal${goal ? ` (${goal})` : ''} could not be raised; professionalism is scored on the menu prompts only.`,
  ];
}

function unreachedSummary(context: AnalysisContext): string[] {
  const { input } = context;
  const attempts = input.attemptsBeforePickup > 1 ? ` across ${plural(input.attemptsBeforePickup, 'attempt')}` : '';
  const rings = ringsOf(input, input.callDurationMs);
  const first =
    input.connectionStatus === 'busy'
      ? `The line was busy${attempts}.`
      : input.connectionStatus === 'failed'
        ? `The call could not be connected${attempts}.`
        : `No one answered: the phone rang${rings === null ? '' : ` ${plural(rings, 'time')}`} over ${seconds(input.callDurationMs)}${attempts}.`;
  return [first, 'Only responsiveness and resolution could be scored; professionalism could not be observed because no one answered.'];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
