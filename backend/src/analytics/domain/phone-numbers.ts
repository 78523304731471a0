/**
 * Phone numbers in analytics text are masked after their first 3 digits (spec section 9), whatever
 * the browser did: `+1 (312) 555-0147` becomes `+1 (31*) ***-****`.
 */

/**
 * A run of digits and the separators people write numbers with, not glued to a word before it. Runs
 * never overlap and are taken whole (no backtracking into them), so masking stays linear in the text.
 */
const RUN = /(?<![\w+-])\+?\(?\d[\d\s().-]*/g;
const WORD_CHARACTER = /\w/;
const isDigit = (code: number) => code >= 48 && code <= 57;
const DATE_LIKE = /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}/;
const SEPARATOR = /[\s().-]/;

/**
 * Whether a run of digits reads as a phone number: 10 to 15 digits (a bare run: 10, or 11 after a
 * leading 1, unless it starts with +), and not a date. Shorter runs (prices, counts, local 7-digit
 * numbers) and longer ones (timestamps, card-length ids) are left alone.
 */
function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return false;
  if (DATE_LIKE.test(candidate)) return false;
  const international = candidate.startsWith('+');
  if (!international && !SEPARATOR.test(candidate)) return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  return international || digits.length <= 11;
}

/** Replaces every digit after the first 3 with `*`, keeping the separators. */
export function maskDigitsAfterThree(value: string): string {
  let seen = 0;
  return value.replace(/\d/g, (digit) => (++seen <= 3 ? digit : '*'));
}

/** Masks every phone number found in free text (search queries, error messages, URLs). */
export function maskPhoneNumbers(text: string): string {
  return text.replace(RUN, (run: string, offset: number) => {
    let end = run.length;
    while (!isDigit(run.charCodeAt(end - 1))) end -= 1;
    const candidate = run.slice(0, end);
    const separatorsAfter = run.slice(end);
    // Digits running into letters are part of something else (an id, a hex string).
    if (!separatorsAfter && WORD_CHARACTER.test(text.charAt(offset + run.length))) return run;
    return (isPhoneNumber(candidate) ? maskDigitsAfterThree(candidate) : candidate) + separatorsAfter;
  });
}
