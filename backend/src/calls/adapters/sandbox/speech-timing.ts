/** Typical conversational pace; the sandbox voices range from about 140 to 180 words per minute. */
export const DEFAULT_WORDS_PER_MINUTE = 160;
const COMMA_PAUSE_MS = 120;
const SENTENCE_PAUSE_MS = 250;
const ELLIPSIS_PAUSE_MS = 600;
const MIN_UTTERANCE_MS = 350;

/**
 * How many words a text takes to say: digits of phone numbers are said one by one, money and other
 * numbers take a few words ('$89' is 'eighty-nine dollars').
 */
export function spokenWordCount(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const digits = token.replace(/\D/g, '');
    if (digits.length === 0) {
      if (/[a-z]/i.test(token)) count += 1;
    } else if (digits.length >= 7 || /\d-\d/.test(token)) {
      count += digits.length;
    } else {
      count += Math.min(4, 1 + Math.ceil(digits.length / 2)) + (token.includes('$') ? 1 : 0);
    }
  }
  return count;
}

/** How long a person takes to say the text at the given pace, with short pauses at punctuation. */
export function speechDurationMs(text: string, wordsPerMinute = DEFAULT_WORDS_PER_MINUTE): number {
  const words = spokenWordCount(text);
  const ellipses = (text.match(/\.\.\.|…/g) ?? []).length;
  const commas = (text.match(/[,;:]/g) ?? []).length;
  const sentenceBreaks = Math.max(0, (text.replace(/\.\.\.|…/g, '').match(/[.!?]+(\s|$)/g) ?? []).length - 1);
  const ms = (words * 60_000) / wordsPerMinute + commas * COMMA_PAUSE_MS + sentenceBreaks * SENTENCE_PAUSE_MS + ellipses * ELLIPSIS_PAUSE_MS;
  return Math.max(MIN_UTTERANCE_MS, Math.round(ms));
}

/** The words of a text said in its first `elapsedMs` when all of it takes `durationMs` (a segment cut short). */
export function wordsSpokenBy(text: string, durationMs: number, elapsedMs: number): string {
  if (elapsedMs >= durationMs) return text;
  const words = text.split(/\s+/).filter(Boolean);
  const count = Math.floor((words.length * Math.max(0, elapsedMs)) / durationMs);
  return words.slice(0, count).join(' ');
}
