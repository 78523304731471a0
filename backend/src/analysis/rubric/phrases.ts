import type { IndexedSegment } from './transcript-view';

/**
 * Lower case, straight quotes, single spaces: the form every phrase pattern is written against.
 * Stock phrases that contain a topic word without being about the topic ('help you today') are
 * neutralised so they do not count as talk about availability.
 */
export function normalize(text: string): string {
  return normalizedTexts.get(text) ?? remember(normalizedTexts, text, normalizeNow(text));
}

function normalizeNow(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/\b(help|assist|do for|serve) you today\b/g, '$1 you')
    .trim();
}

/** Sentences of a text, each a verbatim (trimmed) slice of it. */
export function sentencesOf(text: string): readonly string[] {
  return textSentences.get(text) ?? remember(textSentences, text, splitSentences(text));
}

function splitSentences(text: string): readonly string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * The rubric asks the same sentences about every pattern list, so each text is normalised and split once
 * (they took about two thirds of an analysis). Bounded: past the limit the memory starts over, and a text
 * longer than a spoken turn is not kept.
 */
const MAX_REMEMBERED_TEXTS = 4096;
const MAX_REMEMBERED_LENGTH = 2048;
const normalizedTexts = new Map<string, string>();
const textSentences = new Map<string, readonly string[]>();

function remember<T>(memory: Map<string, T>, text: string, value: T): T {
  if (text.length > MAX_REMEMBERED_LENGTH) return value;
  if (memory.size >= MAX_REMEMBERED_TEXTS) memory.clear();
  memory.set(text, value);
  return value;
}

export function matchesAny(text: string, patterns: readonly RegExp[]): boolean {
  const normalized = normalize(text);
  return patterns.some((pattern) => pattern.test(normalized));
}

/** One sentence of one segment. */
export interface SentenceHit {
  segment: IndexedSegment;
  sentence: string;
}

export function sentenceHitsOf(segments: readonly IndexedSegment[]): SentenceHit[] {
  return segments.flatMap((segment) => sentencesOf(segment.text).map((sentence) => ({ segment, sentence })));
}

/** Every sentence of the segments matching one of the patterns, in speaking order. */
export function findSentences(segments: readonly IndexedSegment[], patterns: readonly RegExp[]): SentenceHit[] {
  return sentenceHitsOf(segments).filter((hit) => matchesAny(hit.sentence, patterns));
}

export function findSentence(segments: readonly IndexedSegment[], patterns: readonly RegExp[]): SentenceHit | null {
  return findSentences(segments, patterns)[0] ?? null;
}

export function wordCount(text: string): number {
  return normalize(text)
    .split(/[^a-z0-9$']+/)
    .filter((w) => w !== '').length;
}

/** Courtesy the business shows: thanks, please, apologies, willingness. */
export const POLITE_PHRASES: readonly RegExp[] = [
  /\bplease\b/,
  /\bthank(s| you)\b/,
  /\bappreciate\b/,
  /\b(happy|glad) to\b/,
  /\bof course\b/,
  /\bcertainly\b/,
  /\babsolutely\b/,
  /\bmy pleasure\b/,
  /\bno (problem|worries)\b/,
  /\bnot a problem\b/,
  /\byou'?re (very |so |most )?welcome\b/,
  /\bhave a (great|good|nice|wonderful|lovely) (day|one|evening|night|afternoon|weekend|morning)\b/,
  /\b(i'?m|so|very) sorry\b/,
  /\b(apologi[sz]e|apologies)\b/,
  /\b(sir|ma'?am)\b/,
  /\bsure thing\b/,
];

/** A reply that says the speaker does not know or will not say. */
export const REFUSALS: readonly RegExp[] = [
  /\bi (don'?t|do not) know\b/,
  /\bdunno\b/,
  /\bno idea\b/,
  /\bcan'?t (say|tell|give|help)\b/,
  /\bcannot (say|tell|give|help)\b/,
  /\bcouldn'?t (say|tell)\b/,
  /\bwe (don'?t|do not) (give|do|quote) (out )?(prices?|quotes?|estimates?)( over the phone)?\b/,
  /\bnot (something|anything) i can\b/,
];

/** A reply that promises to find out: worth something, not an answer ('I'd have to check'). */
export const HEDGES: readonly RegExp[] = [
  /\b(i'?d|i would|i'?ll|i will|we'?d|we would) (have|need) to (check|ask|look|find out|see)\b/,
  /\blet me (check|see|look|ask|find out)\b/,
  /\b(i'?m )?not (sure|certain)\b/,
  /\b(it )?depends\b/,
  /\bhard to say\b/,
  /\bi'?ll (ask|find out)\b/,
  /\bhave to (check|ask)\b/,
  /\bdon'?t quote me\b/,
];

/** Phrases that tell a caller when the business is open. */
export const HOURS_STATEMENTS: readonly RegExp[] = [
  /\b\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.)?\s?(to|until|till|through|-|–)\s?\d{1,2}/,
  /\b(open|closed) (until|till|from|at|on|every|daily|24|seven|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays)\b/,
  /\bclos(e|es|ed) (at|on|by|early)\b/,
  /\b(our|office|business) hours (are|is)\b/,
  /\b24\/7\b/,
  /\b24 hours\b/,
  /\baround the clock\b/,
  /\b(monday|mon) (through|to|thru|-) (friday|saturday|sunday)\b/,
  /\bwe'?re open\b/,
  /\b(open|here) (until|till) (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b/,
  /\btwenty-four (seven|hours)\b/,
];
