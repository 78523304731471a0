import type { CallAnalysisInput } from '../ports/call-analyzer';
import { mentionsBusinessName, nameTokens } from './business-name';
import type { CallMode } from './call-mode';
import { factEvidence, quoteEvidence, segmentEvidence, uniqueEvidence } from './evidence';
import { clock, plural, seconds } from './format';
import { businessNameCheck, greetingSegments, menuChecks, voicemailGreetingChecks } from './greeting-checks';
import type { MetricsDetail } from './metrics';
import { findSentence, findSentences, normalize, POLITE_PHRASES, sentenceHitsOf, type SentenceHit } from './phrases';
import { checksScore, finalScore, type CheckStatus, type RubricCheck, type ScoreResult } from './rubric-check';
import type { IndexedSegment, TranscriptView } from './transcript-view';

const WARM_GREETINGS = [/\bthank(s| you)( so much)? for calling\b/, /\bgood (morning|afternoon|evening)\b/, /\bwelcome to\b/];
const BARE_GREETINGS = [/\b(hello|hi|hey)\b/, /^(yeah|yes|yep|what)\?$/];

const SELF_INTRODUCTIONS = [/\bmy name is\b/, /\byou'?re speaking (with|to)\b/];
/** Phrases whose captured word is a person's name unless it is a business or ordinary word. */
const NAMED_INTRODUCTIONS = [/\bthis is (\w+)/, /\b(\w+) speaking\b/, /\byou'?ve reached (\w+)/];
const NOT_A_NAME = [
  'i',
  'am',
  'you',
  'who',
  'we',
  'it',
  'is',
  'this',
  'that',
  'the',
  'a',
  'an',
  'our',
  'your',
  'not',
  'now',
  'about',
  'for',
  'regarding',
  'great',
  'correct',
  'right',
  'still',
  'currently',
  'actually',
];

const HELP_OFFERS = [
  /\bhow (can|may|could|might) (i|we) (help|assist|direct)\b/,
  /\bwhat can (i|we) do for you\b/,
  /\bhow can i be of (help|service)\b/,
  /\bwhat can i help you with\b/,
  /\bhow can (i|we) help\b/,
];

/** Dismissive or curt phrasing, matched on whole sentences. */
const CURT_PHRASES = [
  /\bwhat do (you|ya) want\b/,
  /\b(i'?m|we'?re) (too |really |very )?busy( right now)?[.!]*$/,
  /\bcall (back )?(later|another time|some other time)\b/,
  /\bcan'?t help you\b/,
  /\bnot my (problem|job)\b/,
  /\bwhatever\b/,
  /\bi (already )?told you\b/,
  /\bfigure it out\b/,
  /\bnope\b/,
  /\bdunno\b/,
  /^i don'?t know[.!]*$/,
  /^hold on[.!]*$/,
  /^(yeah|yep|what|huh)\?$/,
  /\bhow (should|would) i know\b/,
  /\bdeal with it\b/,
];
/** A one-word reply to a question. */
const ONE_WORD_REPLY = /^(yeah|yep|yup|no|nope|ok|okay|uh-huh|mhm|sure|maybe)[.!]*$/;

const HOLD_ASKS = [
  /\b(can|could|may) i (put|place) you on (a )?(brief |quick |short )?hold\b/,
  /\b(can|could|would) you (please )?hold\b/,
  /\b(do|would) you mind (holding|waiting)\b/,
  /\b(one|a) (moment|second|sec|minute)\b/,
  /\bjust a (moment|second|sec|minute)\b/,
  /\bbear with me\b/,
  /\bplease hold\b/,
  /\bhold on\b/,
  /\bhang on\b/,
  /\blet me (check|see|look|put you|find out)\b/,
];
const HOLD_RETURNS = [
  /\bthank(s| you)( so much)? for (holding|waiting|your patience|hanging on|bearing with)\b/,
  /\bsorry (for|about) (the|that|keeping)\b/,
  /\bsorry to keep you\b/,
  /\bappreciate your patience\b/,
  /\bsorry about that\b/,
];

const CLOSINGS = [
  /\bthank(s| you)( so much)?( again)? for calling\b/,
  /\bhave a (great|good|nice|wonderful|lovely) (day|one|evening|night|afternoon|weekend|morning)\b/,
  /\b(good)?-?bye\b/,
  /\btake care\b/,
  /\bsee you\b/,
  /\blook forward\b/,
  /\btalk (to you )?soon\b/,
  /\bthank(s| you)\b/,
];

/** Gaps before the business spoke that add up to this much are a clear problem, not a hiccup. */
const SILENCE_FAIL_MS = 5000;

export function scoreProfessionalism(input: CallAnalysisInput, mode: CallMode, view: TranscriptView, detail: MetricsDetail): ScoreResult {
  if (mode === 'unreached') return unobserved(unreachedReason(input));
  if (view.business.length === 0) {
    if (mode !== 'live') return unobserved('No greeting was transcribed, so professionalism could not be observed');
    return scored([
      {
        id: 'business-silent',
        status: 'fail',
        weight: 1,
        text: 'The call was answered but the business said nothing',
        evidence: [factEvidence('Answered, but no words from the business')],
      },
    ]);
  }
  if (mode === 'voicemail') return scored(voicemailGreetingChecks(input, view.business));
  if (mode === 'menu') return scored(menuChecks(input, view.business));
  return scored(liveChecks(input, view, detail));
}

function liveChecks(input: CallAnalysisInput, view: TranscriptView, detail: MetricsDetail): RubricCheck[] {
  const greeting = greetingSegments(view.business, view.caller);
  const opening = view.business.slice(0, Math.max(3, greeting.length));
  const checks = [
    businessNameCheck(input, greeting, 2, 'Greeted the caller with the business name', 'Did not greet the caller with the business name'),
    warmGreetingCheck(greeting, input.businessName),
    selfIntroductionCheck(input, opening),
    helpOfferCheck(opening),
    politenessCheck(view.business),
    toneCheck(view),
  ];
  const hold = holdEtiquetteCheck(view, detail);
  if (hold) checks.push(hold);
  if (view.caller.length > 0) checks.push(letsCallerFinishCheck(detail));
  checks.push(silenceCheck(view, detail), closingCheck(view.business));
  return checks;
}

function warmGreetingCheck(greeting: readonly IndexedSegment[], businessName: string): RubricCheck {
  const warm = findSentence(greeting, WARM_GREETINGS);
  if (warm) return { id: 'warm-greeting', status: 'pass', weight: 1, text: 'Opened with a warm greeting', evidence: [quoteEvidence(warm)] };
  const bare = findSentence(greeting, BARE_GREETINGS) ?? sentenceHitsOf(greeting).find((h) => mentionsBusinessName(h.sentence, businessName)) ?? null;
  if (bare) return { id: 'warm-greeting', status: 'partial', weight: 1, text: 'Opened with a bare greeting', evidence: [quoteEvidence(bare)] };
  return { id: 'warm-greeting', status: 'fail', weight: 1, text: 'Opened without a greeting', evidence: [segmentEvidence(greeting[0]!)] };
}

function selfIntroductionCheck(input: CallAnalysisInput, opening: readonly IndexedSegment[]): RubricCheck {
  const notAPerson = new Set([...nameTokens(input.businessName), ...NOT_A_NAME]);
  const hit = sentenceHitsOf(opening).find((h) => introducesSelf(normalize(h.sentence), notAPerson));
  if (hit) return { id: 'introduces-self', status: 'pass', weight: 1, text: 'Introduced themselves by name', evidence: [quoteEvidence(hit)] };
  return { id: 'introduces-self', status: 'fail', weight: 1, text: 'Did not introduce themselves', evidence: [segmentEvidence(opening[0]!)] };
}

/** 'this is Maria' introduces a person; 'this is Joe's Plumbing' only names the business. */
function introducesSelf(sentence: string, notAPerson: Set<string>): boolean {
  if (SELF_INTRODUCTIONS.some((pattern) => pattern.test(sentence))) return true;
  return NAMED_INTRODUCTIONS.some((pattern) => {
    const name = pattern.exec(sentence)?.[1];
    return name !== undefined && !notAPerson.has(name);
  });
}

function helpOfferCheck(opening: readonly IndexedSegment[]): RubricCheck {
  const hit = findSentence(opening, HELP_OFFERS);
  if (hit) return { id: 'offers-help', status: 'pass', weight: 1, text: 'Offered to help right away', evidence: [quoteEvidence(hit)] };
  return { id: 'offers-help', status: 'fail', weight: 1, text: 'Did not offer to help', evidence: [segmentEvidence(opening[0]!)] };
}

function politenessCheck(business: readonly IndexedSegment[]): RubricCheck {
  const hits = findSentences(business, POLITE_PHRASES);
  const evidence = hits.slice(0, 3).map(quoteEvidence);
  if (hits.length >= 2) return { id: 'polite', status: 'pass', weight: 1.5, text: 'Used polite phrases throughout', evidence };
  if (hits.length === 1) return { id: 'polite', status: 'partial', weight: 1.5, text: 'Used few polite phrases', evidence };
  return { id: 'polite', status: 'fail', weight: 1.5, text: 'Used no polite phrases (please, thank you)', evidence: [segmentEvidence(business[0]!)] };
}

/** Curt sentences, and one-word answers to the caller's questions. */
export function curtReplies(view: TranscriptView): SentenceHit[] {
  const curt = sentenceHitsOf(view.business).filter((hit) => CURT_PHRASES.some((p) => p.test(normalize(hit.sentence))));
  for (const segment of view.business) {
    if (!ONE_WORD_REPLY.test(normalize(segment.text))) continue;
    const previous = view.all.filter((s) => s.startMs < segment.startMs).pop();
    if (previous?.speaker === 'caller' && previous.text.includes('?') && !curt.some((hit) => hit.segment === segment)) {
      curt.push({ segment, sentence: segment.text.trim() });
    }
  }
  return curt.sort((a, b) => a.segment.startMs - b.segment.startMs);
}

function toneCheck(view: TranscriptView): RubricCheck {
  const curt = curtReplies(view);
  if (curt.length === 0) {
    return {
      id: 'courteous-tone',
      status: 'pass',
      weight: 2,
      text: 'Kept a courteous tone throughout',
      evidence: [factEvidence(`No curt or dismissive phrasing in ${plural(view.business.length, 'business reply', 'business replies')}`)],
    };
  }
  return {
    id: 'courteous-tone',
    status: curt.length === 1 ? 'partial' : 'fail',
    weight: 2,
    text: curt.length === 1 ? 'Gave a curt reply' : 'Gave curt or dismissive replies',
    evidence: curt.slice(0, 3).map(quoteEvidence),
  };
}

function holdEtiquetteCheck(view: TranscriptView, detail: MetricsDetail): RubricCheck | null {
  if (detail.holds.length === 0) return null;
  const firstCallerMs = view.caller[0]?.startMs ?? Number.POSITIVE_INFINITY;
  const handled = detail.holds.map((hold) => {
    const before = view.business.filter((s) => s.startMs < hold.startMs).slice(-2);
    const after = view.business.filter((s) => s.startMs >= hold.endMs - 500).slice(0, 2);
    return {
      hold,
      before,
      after,
      asked: findSentence(before, HOLD_ASKS),
      thanked: findSentence(after, HOLD_RETURNS),
      // A hold before the caller has said a word is a transfer or a pick-up hold: whoever comes on next need not thank.
      thanksExpected: hold.startMs >= firstCallerMs,
    };
  });
  const expected = handled.reduce((sum, h) => sum + (h.thanksExpected ? 2 : 1), 0);
  const missedAsk = handled.filter((h) => !h.asked).length;
  const missedThanks = handled.filter((h) => h.thanksExpected && !h.thanked).length;
  const missed = missedAsk + missedThanks;
  const status: CheckStatus = missed === 0 ? 'pass' : missed === expected ? 'fail' : 'partial';
  const anyThanksExpected = handled.some((h) => h.thanksExpected);
  const text = {
    pass: anyThanksExpected ? 'Asked before putting the caller on hold and thanked them on return' : 'Told the caller before putting them on hold',
    partial:
      missedAsk === 0
        ? 'Did not thank or apologise after the hold'
        : missedThanks === 0
          ? 'Put the caller on hold without asking first'
          : 'Did not always ask before a hold or thank the caller after it',
    fail: anyThanksExpected ? 'Put the caller on hold without asking and returned without an apology' : 'Put the caller on hold without a word',
  }[status];
  const evidence = handled
    .slice(0, 2)
    .flatMap((h) => [
      factEvidence(`On hold for ${seconds(h.hold.endMs - h.hold.startMs)} from ${clock(h.hold.startMs)}`, h.hold.startMs),
      ...(h.asked ? [quoteEvidence(h.asked)] : h.before.slice(-1).map((s) => segmentEvidence(s))),
      ...(!h.thanksExpected ? [] : h.thanked ? [quoteEvidence(h.thanked)] : h.after.slice(0, 1).map((s) => segmentEvidence(s))),
    ]);
  return { id: 'hold-etiquette', status, weight: 1.5, text, evidence: uniqueEvidence(evidence) };
}

function letsCallerFinishCheck(detail: MetricsDetail): RubricCheck {
  const talkovers = detail.overlaps.filter((o) => o.segment.speaker === 'business');
  if (talkovers.length === 0) {
    return {
      id: 'lets-caller-finish',
      status: 'pass',
      weight: 1,
      text: 'Let the caller finish speaking',
      evidence: [factEvidence('The business never spoke over the caller')],
    };
  }
  return {
    id: 'lets-caller-finish',
    status: talkovers.length === 1 ? 'partial' : 'fail',
    weight: 1,
    text: talkovers.length === 1 ? 'Spoke over the caller once' : `Spoke over the caller ${talkovers.length} times`,
    evidence: talkovers.slice(0, 3).map((o) => segmentEvidence(o.segment)),
  };
}

/** Silences the business left: those that ended when the business finally spoke. */
export function businessSilences(view: TranscriptView, detail: MetricsDetail) {
  return detail.deadAir.filter((gap) => view.all.find((s) => s.startMs >= gap.endMs)?.speaker === 'business');
}

function silenceCheck(view: TranscriptView, detail: MetricsDetail): RubricCheck {
  const silences = businessSilences(view, detail);
  const totalMs = silences.reduce((sum, gap) => sum + gap.endMs - gap.startMs, 0);
  if (silences.length === 0) {
    return {
      id: 'no-long-silence',
      status: 'pass',
      weight: 1,
      text: 'Replied without long silences',
      evidence: [factEvidence('No silence of 2 s or more before a business reply')],
    };
  }
  return {
    id: 'no-long-silence',
    status: totalMs < SILENCE_FAIL_MS ? 'partial' : 'fail',
    weight: 1,
    text: `Left the caller in silence for ${seconds(totalMs)}`,
    evidence: silences.slice(0, 3).map((gap) => factEvidence(`Silence of ${seconds(gap.endMs - gap.startMs)} at ${clock(gap.startMs)}`, gap.startMs)),
  };
}

function closingCheck(business: readonly IndexedSegment[]): RubricCheck {
  const last = business.slice(-2);
  const hit = findSentences(last, CLOSINGS).pop();
  if (hit) return { id: 'closing', status: 'pass', weight: 1, text: 'Closed the call politely', evidence: [quoteEvidence(hit)] };
  return {
    id: 'closing',
    status: 'fail',
    weight: 1,
    text: 'Ended the call without a polite closing',
    evidence: [segmentEvidence(last[last.length - 1]!)],
  };
}

function scored(checks: RubricCheck[]): ScoreResult {
  return { score: finalScore(checksScore(checks)), observed: true, checks, evidence: uniqueEvidence(checks.flatMap((c) => c.evidence)) };
}

function unobserved(reason: string): ScoreResult {
  return { score: 0, observed: false, checks: [], evidence: [factEvidence(reason)] };
}

function unreachedReason(input: CallAnalysisInput): string {
  switch (input.connectionStatus) {
    case 'busy':
      return 'The line was busy, so professionalism could not be observed';
    case 'failed':
      return 'The call could not be connected, so professionalism could not be observed';
    default:
      return 'No one answered, so professionalism could not be observed';
  }
}
