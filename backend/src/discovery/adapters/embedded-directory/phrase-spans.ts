/** A run of words, [start, end), recognised as one phrase. */
export interface PhraseSpan<T> {
  start: number;
  end: number;
  value: T;
}

/**
 * Scans words left to right and takes the longest phrase (up to `maxWords` words) that `lookup`
 * recognises at each position; words that start no phrase are skipped.
 */
export function longestPhraseSpans<T>(words: readonly string[], maxWords: number, lookup: (phrase: string, start: number, end: number) => T | undefined): PhraseSpan<T>[] {
  const spans: PhraseSpan<T>[] = [];
  let start = 0;
  while (start < words.length) {
    let found: PhraseSpan<T> | undefined;
    for (let length = Math.min(maxWords, words.length - start); length >= 1 && !found; length -= 1) {
      const value = lookup(words.slice(start, start + length).join(' '), start, start + length);
      if (value !== undefined) found = { start, end: start + length, value };
    }
    if (found) {
      spans.push(found);
      start = found.end;
    } else {
      start += 1;
    }
  }
  return spans;
}
