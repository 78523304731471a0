import type { Evidence } from '../ports/call-analyzer';
import { sentencesOf, type SentenceHit } from './phrases';
import type { IndexedSegment } from './transcript-view';

export function quoteEvidence(hit: SentenceHit): Evidence {
  return { segmentIndex: hit.segment.index, quote: hit.sentence, atMs: hit.segment.startMs };
}

/** The segment's first sentence (or the one given), verbatim. */
export function segmentEvidence(segment: IndexedSegment, sentence?: string): Evidence {
  return { segmentIndex: segment.index, quote: sentence ?? sentencesOf(segment.text)[0] ?? segment.text.trim(), atMs: segment.startMs };
}

export function factEvidence(fact: string, atMs: number | null = null): Evidence {
  return { segmentIndex: null, quote: fact, atMs };
}

/** Drops repeated citations, keeping the first of each. */
export function uniqueEvidence(evidence: readonly Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return evidence.filter((item) => {
    const key = `${item.segmentIndex ?? 'fact'}|${item.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
