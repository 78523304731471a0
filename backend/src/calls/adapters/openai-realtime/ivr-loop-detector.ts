const LOOP_AFTER = 3;
/** Shorter utterances ('hello?', 'yes') repeat in ordinary conversation. */
const MIN_WORDS = 4;

/** Lower case words without punctuation, so two transcriptions of one recording compare equal. */
export function normalizedUtterance(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/** Notices a recording played again and again: the same business utterance heard a third time. */
export class IvrLoopDetector {
  private readonly heardCount = new Map<string, number>();

  /** Records one utterance; true when it completes a loop. */
  heard(text: string): boolean {
    const key = normalizedUtterance(text);
    if (key.split(' ').length < MIN_WORDS) return false;
    const count = (this.heardCount.get(key) ?? 0) + 1;
    this.heardCount.set(key, count);
    return count === LOOP_AFTER;
  }
}
