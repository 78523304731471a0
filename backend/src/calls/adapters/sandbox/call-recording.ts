import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AudioSpan, CallScript } from './call-script';
import { addBeep, addDtmf, addHoldMusic, addRingback } from './call-tones';
import { resample } from './pcm-audio';
import type { SpeechSynthesizer } from './speech-synthesizer';
import { spokenWordCount } from './speech-timing';
import { encodeWav } from './wav-file';

export type RecordingSampleRate = 8000 | 16000;

export interface CallRecording {
  /** Stereo 16-bit PCM WAV: left = caller, right = business. */
  wav: Buffer;
  /** Why the recording lacks something, for the report; null when complete. */
  note: string | null;
}

export const NO_SYNTHESIZER_NOTE = 'No speech synthesizer is installed on this server: the recording has call tones only; the transcript has every word.';
const SPEECH_GAIN = 0.8;
const FADE_OUT_MS = 30;
/** Synthesized speech longer than its slot by more than this is said again, faster. */
const REFIT_OVER = 1.15;
const PARALLEL_SYNTHESES = 4;

/**
 * Renders a call to a stereo WAV as long as the call: ringback before the answer, each utterance
 * synthesized and placed at its time on its party's channel, hold music, keypad tones and beeps.
 * Without a synthesizer the tones are still there and the note says the speech is missing.
 */
export async function renderCallRecording(script: CallScript, synthesizer: SpeechSynthesizer | null, sampleRate: RecordingSampleRate = 8000): Promise<CallRecording> {
  const frames = Math.round((script.durationMs * sampleRate) / 1000);
  const caller = new Float32Array(frames);
  const business = new Float32Array(frames);
  for (const span of script.audio) {
    // Each tone is drawn in a turn of its own: many calls ending together must not hold up the server.
    if (span.kind !== 'speech') await nextTurn();
    switch (span.kind) {
      case 'ringback':
        addRingback(business, sampleRate, span.startMs, span.endMs);
        break;
      case 'hold_music':
        addHoldMusic(business, sampleRate, span.startMs, span.endMs);
        break;
      case 'beep':
        addBeep(business, sampleRate, span.startMs, span.endMs);
        break;
      case 'dtmf':
        addDtmf(caller, sampleRate, span.startMs, span.endMs, span.digit);
        break;
      case 'speech':
        break;
    }
  }
  let note: string | null = null;
  const speech = script.audio.filter((span): span is Extract<AudioSpan, { kind: 'speech' }> => span.kind === 'speech');
  if (!synthesizer) {
    note = speech.length > 0 ? NO_SYNTHESIZER_NOTE : null;
  } else {
    let failures = 0;
    await forEachLimited(speech, PARALLEL_SYNTHESES, async (span) => {
      try {
        const audio = await fitSpeech(synthesizer, span, sampleRate);
        mixIn(span.channel === 'caller' ? caller : business, audio, Math.round((span.startMs * sampleRate) / 1000));
      } catch {
        failures += 1;
      }
    });
    if (failures > 0) note = `Speech synthesis failed for ${failures} of ${speech.length} utterances; those are silent in the recording, and the transcript has every word.`;
  }
  await nextTurn();
  return { wav: encodeWav([caller, business], sampleRate), note };
}

/** Synthesizes an utterance to fill its slot: said faster when it runs long, then trimmed with a fade. */
async function fitSpeech(synthesizer: SpeechSynthesizer, span: Extract<AudioSpan, { kind: 'speech' }>, sampleRate: number): Promise<Float32Array> {
  const slotMs = span.endMs - span.startMs;
  let pcm = await synthesizer.synthesize(span.text, span.voice);
  const lengthMs = (pcm.samples.length * 1000) / pcm.sampleRate;
  if (lengthMs > slotMs * REFIT_OVER && spokenWordCount(span.text) > 1) {
    const faster = { ...span.voice, wordsPerMinute: (span.voice.wordsPerMinute * lengthMs) / slotMs };
    pcm = await synthesizer.synthesize(span.text, faster);
  }
  const audio = resample(pcm.samples, pcm.sampleRate, sampleRate);
  const slotFrames = Math.round((slotMs * sampleRate) / 1000);
  if (audio.length <= slotFrames) return audio;
  const trimmed = audio.slice(0, slotFrames);
  const fade = Math.min(slotFrames, Math.round((FADE_OUT_MS * sampleRate) / 1000));
  for (let index = 0; index < fade; index += 1) trimmed[slotFrames - 1 - index]! *= index / fade;
  return trimmed;
}

function mixIn(target: Float32Array, audio: Float32Array, offset: number): void {
  const end = Math.min(target.length, offset + audio.length);
  for (let index = Math.max(0, offset); index < end; index += 1) target[index]! += audio[index - offset]! * SPEECH_GAIN;
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
