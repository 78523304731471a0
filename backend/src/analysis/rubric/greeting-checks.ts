import type { CallAnalysisInput } from '../ports/call-analyzer';
import { mentionsBusinessName } from './business-name';
import { factEvidence, quoteEvidence, segmentEvidence } from './evidence';
import { findSentence, findSentences, HOURS_STATEMENTS, POLITE_PHRASES, sentenceHitsOf } from './phrases';
import type { RubricCheck } from './rubric-check';
import type { IndexedSegment } from './transcript-view';

/** The business's words before the caller first speaks: the greeting (or the first reply when there are none). */
export function greetingSegments(business: readonly IndexedSegment[], caller: readonly IndexedSegment[]): IndexedSegment[] {
  const firstCallerMs = caller[0]?.startMs ?? Number.POSITIVE_INFINITY;
  const before = business.filter((segment) => segment.startMs < firstCallerMs);
  return before.length > 0 ? before : business.slice(0, 1);
}

export function businessNameCheck(
  input: CallAnalysisInput,
  greeting: readonly IndexedSegment[],
  weight: number,
  passText: string,
  failText: string,
): RubricCheck {
  const hit = sentenceHitsOf(greeting).find((h) => mentionsBusinessName(h.sentence, input.businessName));
  if (hit) return { id: 'business-name', status: 'pass', weight, text: passText, evidence: [quoteEvidence(hit)] };
  return {
    id: 'business-name',
    status: 'fail',
    weight,
    text: failText,
    evidence: greeting.length > 0 ? [segmentEvidence(greeting[0]!)] : [factEvidence('No greeting was heard')],
  };
}

const CALLBACK_PROMISES: readonly RegExp[] = [
  /\b(we'?ll|we will|i'?ll|i will|someone will) (call|get back|return|be in touch|reach)\b/,
  /\breturn your call\b/,
];
const MESSAGE_INVITATIONS: readonly RegExp[] = [/\bleave (your|a) (name|message|number)\b/, /\bafter the (beep|tone)\b/];

const OTHER_CHANNELS: readonly RegExp[] = [
  /\b(visit|go to) (our|us at)\b/,
  /\bwebsite\b/,
  /\bonline\b/,
  /\b(e-?mail|text) us\b/,
  /\bemergenc(y|ies),? (please )?(call|dial|press)\b/,
  /\bfor emergenc(y|ies)\b/,
  /\b(dot com|\.com)\b/,
];

const OPERATOR_OPTIONS: readonly RegExp[] = [
  /\bpress (0|zero)\b/,
  /\boperator\b/,
  /\brepresentative\b/,
  /\bstay on the line\b/,
  /\bspeak (to|with) (a|an|someone|somebody|our)\b/,
];
const MENU_OPTIONS: readonly RegExp[] = [/\bpress (\d|one|two|three|four|five|six|seven|eight|nine)\b/, /\bsay "?\w+"?\b/];

function phraseCheck(
  id: string,
  segments: readonly IndexedSegment[],
  patterns: readonly RegExp[],
  weight: number,
  passText: string,
  failText: string,
): RubricCheck {
  const hit = findSentence(segments, patterns);
  if (hit) return { id, status: 'pass', weight, text: passText, evidence: [quoteEvidence(hit)] };
  return {
    id,
    status: 'fail',
    weight,
    text: failText,
    evidence: segments.length > 0 ? [segmentEvidence(segments[0]!)] : [factEvidence('Nothing was said')],
  };
}

function callbackCheck(greeting: readonly IndexedSegment[]): RubricCheck {
  const promise = findSentence(greeting, CALLBACK_PROMISES);
  if (promise)
    return { id: 'vm-callback', status: 'pass', weight: 1.5, text: 'The voicemail greeting promises a callback', evidence: [quoteEvidence(promise)] };
  const invitation = findSentence(greeting, MESSAGE_INVITATIONS);
  if (invitation) {
    return {
      id: 'vm-callback',
      status: 'partial',
      weight: 1.5,
      text: 'The voicemail greeting invites a message but does not promise a callback',
      evidence: [quoteEvidence(invitation)],
    };
  }
  return {
    id: 'vm-callback',
    status: 'fail',
    weight: 1.5,
    text: 'The voicemail greeting neither invites a message nor promises a callback',
    evidence: [segmentEvidence(greeting[0]!)],
  };
}

function courtesyCheck(segments: readonly IndexedSegment[], weight: number, subject: string): RubricCheck {
  const hits = findSentences(segments, POLITE_PHRASES);
  if (hits.length > 0)
    return { id: 'courtesy', status: 'pass', weight, text: `${subject} is courteous`, evidence: hits.slice(0, 2).map(quoteEvidence) };
  return { id: 'courtesy', status: 'fail', weight, text: `${subject} has no courtesy phrases`, evidence: [segmentEvidence(segments[0]!)] };
}

/** What a voicemail greeting should do: name the business, give hours, promise a callback, offer another way. */
export function voicemailGreetingChecks(input: CallAnalysisInput, greeting: readonly IndexedSegment[]): RubricCheck[] {
  return [
    businessNameCheck(input, greeting, 2, 'The voicemail greeting names the business', 'The voicemail greeting does not name the business'),
    phraseCheck(
      'vm-hours',
      greeting,
      HOURS_STATEMENTS,
      1,
      'The voicemail greeting states the business hours',
      'The voicemail greeting does not state the business hours',
    ),
    callbackCheck(greeting),
    phraseCheck(
      'vm-other-channel',
      greeting,
      OTHER_CHANNELS,
      1,
      'The voicemail greeting offers another way to get help',
      'The voicemail greeting offers no other way to get help',
    ),
    courtesyCheck(greeting, 1, 'The voicemail greeting'),
  ];
}

/** What an automated menu should do: name the business, give clear options, let callers reach a person. */
export function menuChecks(input: CallAnalysisInput, menu: readonly IndexedSegment[]): RubricCheck[] {
  return [
    businessNameCheck(input, menu, 2, 'The menu greeting names the business', 'The menu greeting does not name the business'),
    phraseCheck('menu-options', menu, MENU_OPTIONS, 1, 'The menu states its options clearly', 'The menu does not state clear options'),
    phraseCheck('menu-operator', menu, OPERATOR_OPTIONS, 1.5, 'The menu offers a way to reach a person', 'The menu offers no way to reach a person'),
    courtesyCheck(menu, 1, 'The menu'),
  ];
}
