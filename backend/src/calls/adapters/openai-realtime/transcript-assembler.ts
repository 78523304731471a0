import type { Speaker, TranscriptSegment } from '../../ports/telephony';
import { wordsSpokenBy } from '../sandbox/speech-timing';

/** What a transcript segment gets when the API gives no measure of its own. */
export const DEFAULT_CONFIDENCE = 0.9;

/** The mean token probability of a transcription, when the API sent its log-probabilities. */
export function confidenceOf(logprobs: readonly { logprob: number }[] | null | undefined): number {
  if (!logprobs?.length) return DEFAULT_CONFIDENCE;
  const mean = logprobs.reduce((sum, token) => sum + token.logprob, 0) / logprobs.length;
  return Math.round(Math.min(1, Math.max(0, Math.exp(mean))) * 1000) / 1000;
}

interface Span {
  startMs?: number;
  endMs?: number;
  /** A caller's item: all its audio, and how much of it played before it was cut short. */
  audioMs?: number;
  playedMs?: number;
}

/**
 * Puts the two sides' transcripts together with their times (ms from the answer). The business's
 * speech is timed by the model's voice activity detection, which counts the audio we appended from
 * the answer on; the caller's by when its audio reaches the line and how long it is, cut short when
 * the business talked over it; a reply cut short keeps only the words said by then, as the model's
 * transcript of it is the whole reply.
 */
export class TranscriptAssembler {
  private readonly spans = new Map<string, Span>();

  businessSpeechStarted(itemId: string, startMs: number): void {
    this.span(itemId).startMs = startMs;
  }

  businessSpeechStopped(itemId: string, endMs: number): void {
    this.span(itemId).endMs = endMs;
  }

  /** The caller's item reaches the line at `playStartMs` with `durationMs` more audio. */
  callerAudio(itemId: string, playStartMs: number, durationMs: number): void {
    const span = this.span(itemId);
    span.startMs ??= playStartMs;
    span.endMs = (span.endMs ?? span.startMs) + durationMs;
    span.audioMs = (span.audioMs ?? 0) + durationMs;
  }

  /** The business interrupted the caller's item after `audioEndMs` of it. */
  callerTruncated(itemId: string, audioEndMs: number): void {
    const span = this.spans.get(itemId);
    if (span?.startMs === undefined) return;
    span.endMs = Math.min(span.endMs ?? span.startMs, span.startMs + audioEndMs);
    span.playedMs = audioEndMs;
  }

  businessTranscribed(itemId: string, text: string, confidence: number, nowMs: number): TranscriptSegment | null {
    return this.segment('business', itemId, text, confidence, nowMs);
  }

  callerTranscribed(itemId: string, text: string, nowMs: number): TranscriptSegment | null {
    const span = this.spans.get(itemId);
    const said = span?.audioMs !== undefined && span.playedMs !== undefined ? wordsSpokenBy(text.trim(), span.audioMs, span.playedMs) : text;
    return this.segment('caller', itemId, said, DEFAULT_CONFIDENCE, nowMs);
  }

  private segment(speaker: Speaker, itemId: string, text: string, confidence: number, nowMs: number): TranscriptSegment | null {
    const span = this.spans.get(itemId) ?? {};
    this.spans.delete(itemId);
    const trimmed = text.trim();
    if (!trimmed) return null;
    const startMs = Math.round(span.startMs ?? span.endMs ?? nowMs);
    const endMs = Math.max(startMs, Math.round(span.endMs ?? nowMs));
    return { speaker, text: trimmed, startMs, endMs, confidence };
  }

  private span(itemId: string): Span {
    let span = this.spans.get(itemId);
    if (!span) this.spans.set(itemId, (span = {}));
    return span;
  }
}
