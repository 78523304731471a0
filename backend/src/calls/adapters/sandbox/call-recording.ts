import { RequestThread } from '../../../infrastructure/threads/request-thread';
import type { AudioSpan, CallScript } from './call-script';
import type { PlacedSpeech, RecordingMix, ToneSpan } from './recording-mix';
import type { SpeechSynthesizer } from './speech-synthesizer';
import { spokenWordCount } from './speech-timing';

export type RecordingSampleRate = 8000 | 16000;

export interface CallRecording {
  /** Stereo 16-bit PCM WAV: left = caller, right = business. */
  wav: Buffer;
  /** Why the recording lacks something, for the report; null when complete. */
  note: string | null;
}

export const NO_SYNTHESIZER_NOTE = 'No speech synthesizer is installed on this server: the recording has call tones only; the transcript has every word.';
/** Synthesized speech longer than its slot by more than this is said again, faster. */
const REFIT_OVER = 1.15;
const PARALLEL_SYNTHESES = 4;

/** Mixing a call's audio takes milliseconds per minute of call: many calls ending together must not hold up the server. */
const mixer = new RequestThread<RecordingMix, Uint8Array>(__dirname, 'recording-render-thread', "The sandbox's recording thread");

/**
 * Renders a call to a stereo WAV as long as the call: ringback before the answer, each utterance
 * synthesized and placed at its time on its party's channel, hold music, keypad tones and beeps.
 * Without a synthesizer the tones are still there and the note says the speech is missing.
 */
export async function renderCallRecording(script: CallScript, synthesizer: SpeechSynthesizer | null, sampleRate: RecordingSampleRate = 8000): Promise<CallRecording> {
  const tones = script.audio.filter((span): span is ToneSpan => span.kind !== 'speech');
  const spans = script.audio.filter((span): span is Extract<AudioSpan, { kind: 'speech' }> => span.kind === 'speech');
  const speech: PlacedSpeech[] = [];
  let note: string | null = null;
  if (!synthesizer) {
    note = spans.length > 0 ? NO_SYNTHESIZER_NOTE : null;
  } else {
    let failures = 0;
    await forEachLimited(spans, PARALLEL_SYNTHESES, async (span) => {
      try {
        speech.push({ channel: span.channel, startMs: span.startMs, endMs: span.endMs, pcm: await synthesizeFor(synthesizer, span) });
      } catch {
        failures += 1;
      }
    });
    if (failures > 0) note = `Speech synthesis failed for ${failures} of ${spans.length} utterances; those are silent in the recording, and the transcript has every word.`;
  }
  const wav = await mixer.request({ durationMs: script.durationMs, sampleRate, tones, speech });
  return { wav: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), note };
}

/** Synthesizes an utterance for its slot: said again faster when it runs long (the mix trims what still does). */
async function synthesizeFor(synthesizer: SpeechSynthesizer, span: Extract<AudioSpan, { kind: 'speech' }>) {
  const slotMs = span.endMs - span.startMs;
  const pcm = await synthesizer.synthesize(span.text, span.voice);
  const lengthMs = (pcm.samples.length * 1000) / pcm.sampleRate;
  if (lengthMs <= slotMs * REFIT_OVER || spokenWordCount(span.text) <= 1) return pcm;
  return synthesizer.synthesize(span.text, { ...span.voice, wordsPerMinute: (span.voice.wordsPerMinute * lengthMs) / slotMs });
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(workers);
}
