import type { Speaker, TranscriptSegment } from '../../calls/ports/telephony';

/** A transcript segment with its position in the original transcript (what evidence cites). */
export interface IndexedSegment {
  index: number;
  speaker: Speaker;
  text: string;
  startMs: number;
  endMs: number;
}

export interface TranscriptView {
  /** Every segment in speaking order. */
  all: IndexedSegment[];
  business: IndexedSegment[];
  caller: IndexedSegment[];
}

export function viewTranscript(transcript: readonly TranscriptSegment[]): TranscriptView {
  const all = transcript
    .map((segment, index) => ({
      index,
      speaker: segment.speaker,
      text: segment.text,
      startMs: Math.max(0, segment.startMs),
      endMs: Math.max(segment.startMs, segment.endMs, 0),
    }))
    .filter((segment) => segment.text.trim() !== '')
    .sort((a, b) => a.startMs - b.startMs || a.index - b.index);
  return {
    all,
    business: all.filter((s) => s.speaker === 'business'),
    caller: all.filter((s) => s.speaker === 'caller'),
  };
}

/** Segments that start at or after `ms`. */
export function startingFrom(segments: readonly IndexedSegment[], ms: number): IndexedSegment[] {
  return segments.filter((s) => s.startMs >= ms);
}
