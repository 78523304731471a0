import type { CallAnalysisInput, Evidence } from '../ports/call-analyzer';
import type { CallMode } from './call-mode';
import { factEvidence, quoteEvidence, segmentEvidence, uniqueEvidence } from './evidence';
import { voicemailGreetingChecks } from './greeting-checks';
import { HEDGES, matchesAny, normalize, REFUSALS, sentenceHitsOf, wordCount, findSentence, type SentenceHit } from './phrases';
import { checksScore, finalScore, type CheckStatus, type RubricCheck, type ScoreResult } from './rubric-check';
import { NEEDS, type NeedSpec } from './topic-answers';
import { mentionsTopic, topicMentions } from './topics';
import { startingFrom, type IndexedSegment, type TranscriptView } from './transcript-view';

const BOOKINGS = [
  /\byou'?re (all )?(set|booked|scheduled|confirmed)\b/,
  /\byou'?re (on the (schedule|books|calendar|route|list)|on for)\b/,
  /\bwe'?re (all )?set (for|up)\b/,
  /\b(i|we)('ve| have)?( got)? you (and [\w' ]+ )?(down|booked|scheduled|in|on the (schedule|books|calendar|route))\b/,
  /\bwe have (the|your) (estimate|appointment|walkthrough|visit|reservation|table|consultation|tour)\b/,
  /\byou have a (table|reservation|appointment|consultation)\b/,
  /\byour (order|booking) is in\b/,
  /\bwill be ready\b/,
  /\bwe'?ll (start|see|have) (you|it)\b/,
  /\b(will|we'?ll) (go out|hold the)\b/,
  /\b[\w-]+ will (be there|come by|come out|arrive|be out|stop by)\b/,
  /\b(i'?ll|i will|let me|i can) (put|pencil|book|schedule|get|fit|squeeze) you (down|in|on)\b/,
  /\b(booked|scheduled|reserved) (you|that|it|a table)\b/,
  /\bwe'?ll see you\b/,
  /\bsee you (then|tomorrow|tonight|on|at|next|soon)\b/,
  /\b(reservation|appointment|booking) (is )?(confirmed|set|booked|all set)\b/,
  /\b(we'?ll|we will|i'?ll|i will) (send|have) (someone|somebody|a tech|a technician|a plumber|\w+) (out|over|there|come)\b/,
  /\b(he'?ll|she'?ll|they'?ll) (be there|come by|come out|arrive|be out)\b/,
];
/** Offering to book is the business's part done, whatever the caller then decides. */
const BOOKING_OFFERS = [
  /\b(want|would you like|do you want|shall i|should i) (me )?to (book|schedule|set|put|write|pencil|hold|send|have (an?|someone|somebody)|place|make|start|get|go ahead|order|reserve|arrange|sign)\b/,
  /\bwould you like to (book|schedule|set up|place|come in|make)\b/,
];
const NAME_ASKS = [
  /^name( and number)?\?$/,
  /\ba name and (a )?(good |best |phone )?number\b/,
  /\byour (full |first |last )?name\b/,
  /\bwho (am i|i'?m) speaking (with|to)\b/,
  /\bname (for|on) the (appointment|reservation|booking|order)\b/,
  /\b(can|could|may) i (get|have|take) (a|the) name\b/,
];
const NUMBER_ASKS = [
  /^(name and )?number\?$/,
  /\bname and (a |your )?(good |best |phone )?number\b/,
  /\b(phone|callback|call-back|call back|contact|best|cell|good) number\b/,
  /\bnumber (to reach|where|we can reach|for you)\b/,
  /\breach you at\b/,
  /\byour (phone|number)\b/,
];
const OTHER_NEXT_STEPS = [
  /\b(we'?ll|we will|i'?ll|i will|someone will|we can|i can) (have (someone|a tech|\w+) )?(call|ring) you( back)?\b/,
  /\b(get|call) back to you\b/,
  /\b(come|stop|drop) (on )?(in|by)\b/,
  /\bwalk.?ins?\b/,
  /\b(send|email|text) you (a|an|the)\b/,
  /\bbook (online|on our website)\b/,
  /\btake a message\b/,
];

export function scoreResolution(input: CallAnalysisInput, mode: CallMode, view: TranscriptView): ScoreResult {
  switch (mode) {
    case 'live':
      return liveResolution(input, view);
    case 'voicemail':
      return voicemailResolution(input, view);
    case 'menu':
      return menuResolution(input, view);
    case 'unreached':
      return notAddressed(input, unreachedReason(input), []);
  }
}

function liveResolution(input: CallAnalysisInput, view: TranscriptView): ScoreResult {
  const checks: RubricCheck[] = [...callerNeeds(input, view).map((need) => needCheck(need, input, view)), nextStepCheck(view)];
  const questions = questionsCheck(view);
  if (questions) checks.push(questions);
  return { score: finalScore(checksScore(checks)), observed: true, checks, evidence: uniqueEvidence(checks.flatMap((c) => c.evidence)) };
}

/** What the caller came for: topics of the caller's goal and of what the caller asked. */
export function callerNeeds(input: CallAnalysisInput, view: TranscriptView): NeedSpec[] {
  return NEEDS.filter((need) => mentionsTopic(input.callerGoal, need.topic) || topicMentions(view.caller, need.topic).length > 0);
}

type ReplyKind = 'answer' | 'hedge' | 'refusal' | 'other';

function replyKind(sentence: string, answers: readonly RegExp[]): ReplyKind {
  if (matchesAny(sentence, REFUSALS)) return 'refusal';
  const answered = matchesAny(sentence, answers);
  // 'It depends on the car, but most pay around $120' hedges and still gives a figure: that answers.
  if (matchesAny(sentence, HEDGES)) return answered && /[$\d]/.test(sentence) ? 'answer' : 'hedge';
  return answered ? 'answer' : 'other';
}

function needCheck(need: NeedSpec, input: CallAnalysisInput, view: TranscriptView): RubricCheck {
  const asked = topicMentions(view.caller, need.topic)[0];
  const replies = sentenceHitsOf(asked ? startingFrom(view.business, asked.segment.startMs) : view.business).map((hit) => ({
    hit,
    kind: replyKind(hit.sentence, need.answers),
  }));
  const askedEvidence: Evidence = asked ? quoteEvidence(asked) : factEvidence(`Caller's goal: ${input.callerGoal}`);
  const id = `need-${need.topic}`;
  const answer = replies.find((r) => r.kind === 'answer');
  if (answer)
    return {
      id,
      status: 'pass',
      weight: need.weight,
      text: `Answered the caller's question about ${need.noun}`,
      evidence: [quoteEvidence(answer.hit), askedEvidence],
    };
  const first = replies.find((r) => r.kind === 'hedge' || r.kind === 'refusal');
  if (first?.kind === 'hedge') {
    return {
      id,
      status: 'partial',
      weight: need.weight,
      text: `Gave no clear answer about ${need.noun}`,
      evidence: [quoteEvidence(first.hit), askedEvidence],
    };
  }
  const refusal = first;
  return {
    id,
    status: 'fail',
    weight: need.weight,
    text: `Did not answer the caller's question about ${need.noun}`,
    evidence: refusal ? [quoteEvidence(refusal.hit), askedEvidence] : [askedEvidence, factEvidence(`No answer about ${need.noun} was given`)],
  };
}

function nextStepCheck(view: TranscriptView): RubricCheck {
  const booked = findSentence(view.business, BOOKINGS);
  const name = findSentence(view.business, NAME_ASKS);
  const number = findSentence(view.business, NUMBER_ASKS);
  const offer = findSentence(view.business, BOOKING_OFFERS);
  const other = findSentence(view.business, OTHER_NEXT_STEPS);
  const hits = [booked, name, number, offer, other].filter((hit): hit is SentenceHit => hit !== null);
  let status: CheckStatus;
  let text: string;
  if (booked || (name && number) || offer) {
    status = 'pass';
    text = booked ? 'Booked the caller in' : name && number ? "Took the caller's name and number" : 'Offered to book the caller in';
  } else if (hits.length > 0) {
    status = 'partial';
    text = name || number ? "Took only part of the caller's details" : "Offered a next step but did not book or take the caller's details";
  } else {
    status = 'fail';
    text = "Did not offer to book or take the caller's details";
  }
  const last = view.business[view.business.length - 1];
  const evidence =
    hits.length > 0
      ? hits.sort((a, b) => a.segment.startMs - b.segment.startMs).map(quoteEvidence)
      : [...(last ? [segmentEvidence(last)] : []), factEvidence('No booking, callback or next step was offered')];
  return { id: 'next-step', status, weight: 2, text, evidence: uniqueEvidence(evidence) };
}

/** Whether each question the caller asked got a substantive reply. */
function questionsCheck(view: TranscriptView): RubricCheck | null {
  const questions = view.caller.filter((segment) => segment.text.includes('?'));
  if (questions.length === 0) return null;
  const results = questions.map((question) => ({ question, reply: substantiveReply(view, question) }));
  const unanswered = results.filter((r) => r.reply === null);
  const share = 1 - unanswered.length / results.length;
  const status: CheckStatus = share >= 0.8 ? 'pass' : share >= 0.5 ? 'partial' : 'fail';
  const answeredCount = results.length - unanswered.length;
  const text = status === 'pass' ? "Answered the caller's questions" : `Answered ${answeredCount} of the caller's ${results.length} questions`;
  const evidence =
    unanswered.length === 0
      ? [segmentEvidence(results[0]!.question, questionSentence(results[0]!.question)), quoteEvidence(results[0]!.reply!)]
      : unanswered.slice(0, 3).map((r) => segmentEvidence(r.question, questionSentence(r.question)));
  return { id: 'questions-answered', status, weight: 1, text, evidence };
}

function questionSentence(segment: IndexedSegment): string | undefined {
  return sentenceHitsOf([segment]).find((hit) => hit.sentence.includes('?'))?.sentence;
}

/** The fullest reply among the business's next two turns that neither hedges nor refuses; null when none. */
function substantiveReply(view: TranscriptView, question: IndexedSegment): SentenceHit | null {
  const replies = view.business.filter((s) => s.startMs > question.startMs).slice(0, 2);
  const substantive = sentenceHitsOf(replies).filter(
    (hit) =>
      !matchesAny(hit.sentence, REFUSALS) &&
      !matchesAny(hit.sentence, HEDGES) &&
      wordCount(hit.sentence) >= 2 &&
      !/^(uh|um|hmm)\b/.test(normalize(hit.sentence)),
  );
  return substantive.reduce<SentenceHit | null>((best, hit) => (best && wordCount(best.sentence) >= wordCount(hit.sentence) ? best : hit), null);
}

function voicemailResolution(input: CallAnalysisInput, view: TranscriptView): ScoreResult {
  if (view.business.length === 0) return notAddressed(input, 'the call reached voicemail', []);
  // A voicemail cannot resolve anything; a greeting that gives hours, a callback and another channel is worth up to 3.
  const helpful = voicemailGreetingChecks(input, view.business).filter(
    (c) => c.id === 'vm-hours' || c.id === 'vm-callback' || c.id === 'vm-other-channel',
  );
  const result = notAddressed(
    input,
    'the call reached voicemail',
    helpful.flatMap((c) => c.evidence),
  );
  return { ...result, score: finalScore((3 * checksScore(helpful)) / 10) };
}

function menuResolution(input: CallAnalysisInput, view: TranscriptView): ScoreResult {
  const repeats = new Map<string, IndexedSegment[]>();
  for (const segment of view.business) {
    const key = normalize(segment.text);
    repeats.set(key, [...(repeats.get(key) ?? []), segment]);
  }
  const mostRepeated = [...repeats.values()].sort((a, b) => b.length - a.length)[0];
  const evidence =
    mostRepeated && mostRepeated.length > 1
      ? [
          segmentEvidence(mostRepeated[0]!),
          factEvidence(`The same menu prompt played ${mostRepeated.length} times`, mostRepeated[mostRepeated.length - 1]!.startMs),
        ]
      : [factEvidence('The menu looped without reaching a person')];
  return notAddressed(input, 'the automated menu looped without reaching a person', evidence);
}

function notAddressed(input: CallAnalysisInput, reason: string, extraEvidence: Evidence[]): ScoreResult {
  const goal = input.callerGoal.trim();
  const fact = goal ? `The caller's goal (${goal}) was not addressed: ${reason}` : `The caller's goal was not addressed: ${reason}`;
  const evidence = [factEvidence(fact), ...extraEvidence];
  const check: RubricCheck = {
    id: 'goal-unaddressed',
    status: 'fail',
    weight: 1,
    text: "The caller's goal was not addressed",
    evidence: [factEvidence(fact)],
  };
  return { score: 0, observed: true, checks: [check], evidence: uniqueEvidence(evidence) };
}

function unreachedReason(input: CallAnalysisInput): string {
  switch (input.connectionStatus) {
    case 'busy':
      return 'the line was busy';
    case 'failed':
      return 'the call could not be connected';
    default:
      return 'no one answered';
  }
}
