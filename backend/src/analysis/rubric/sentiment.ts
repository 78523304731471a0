import type { Sentiment } from '../ports/call-analyzer';
import type { CallMode } from './call-mode';
import { normalize, sentenceHitsOf } from './phrases';
import type { TranscriptView } from './transcript-view';

/** Warm or appreciative words from the business. */
const BUSINESS_POSITIVE = [
  /\bgreat\b/,
  /\bperfect\b/,
  /\bwonderful\b/,
  /\bexcellent\b/,
  /\bawesome\b/,
  /\bfantastic\b/,
  /\blovely\b/,
  /\bthank(s| you)\b/,
  /\bappreciate\b/,
  /\b(happy|glad) to\b/,
  /\bof course\b/,
  /\babsolutely\b/,
  /\bcertainly\b/,
  /\bno (problem|worries)\b/,
  /\bsounds good\b/,
  /\bmy pleasure\b/,
];
/**
 * What the caller says in praise. Plain thanks are left out: callers thank out of habit, even at the
 * end of a call that got them nowhere.
 */
const CALLER_POSITIVE = [
  /\bgreat\b/,
  /\bperfect\b/,
  /\bwonderful\b/,
  /\bexcellent\b/,
  /\bawesome\b/,
  /\bfantastic\b/,
  /\blovely\b/,
  /\bhelpful\b/,
  /\bsounds good\b/,
  /\bappreciate\b/,
];
const NEGATIVE = [
  /\bunfortunately\b/,
  /\bcan'?t\b/,
  /\bcannot\b/,
  /\bcouldn'?t\b/,
  /\bwon'?t\b/,
  /\bdon'?t know\b/,
  /\bno idea\b/,
  /\bnot sure\b/,
  /\bbusy\b/,
  /\bfrustrat/,
  /\bannoy/,
  /\bridiculous\b/,
  /\bterrible\b/,
  /\bwhatever\b/,
  /\bnever ?mind\b/,
  /\bforget it\b/,
  /\btoo (long|expensive|bad)\b/,
  /\bnobody\b/,
  /\bno one\b/,
  /\bnope\b/,
  /\b(try|call) (again|back) later\b/,
  /\b(call|try) (somewhere|someone) else\b/,
];
/** Negative words inside these phrases are friendly ('can't wait', 'no problem'). */
const FRIENDLY_NEGATIONS = [/\bcan'?t wait\b/g, /\bno (problem|worries)\b/g, /\bnot a problem\b/g];

function count(sentence: string, patterns: readonly RegExp[]): number {
  return patterns.filter((pattern) => pattern.test(sentence)).length;
}

/**
 * Tone of the conversation from both parties' words, the caller's last words counting double
 * (how the caller leaves is the best single sign of how the call went).
 */
export function sentimentOf(mode: CallMode, view: TranscriptView): Sentiment {
  if (mode === 'unreached' || mode === 'menu') return 'negative';
  let positive = 0;
  let negative = 0;
  const lastCaller = view.caller[view.caller.length - 1];
  for (const hit of sentenceHitsOf(view.all)) {
    const sentence = normalize(hit.sentence);
    const weight = hit.segment === lastCaller ? 2 : 1;
    positive += weight * count(sentence, hit.segment.speaker === 'caller' ? CALLER_POSITIVE : BUSINESS_POSITIVE);
    negative +=
      weight *
      count(
        FRIENDLY_NEGATIONS.reduce((s, p) => s.replace(p, ''), sentence),
        NEGATIVE,
      );
  }
  if (mode === 'voicemail') return negative > positive + 1 ? 'negative' : 'neutral';
  const total = positive + negative;
  if (total < 2) return 'neutral';
  const balance = (positive - negative) / total;
  if (balance >= 0.3) return 'positive';
  if (balance <= -0.2) return 'negative';
  return 'neutral';
}
