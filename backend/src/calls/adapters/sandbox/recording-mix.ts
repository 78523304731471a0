import type { AudioSpan } from './call-script';
import { addBeep, addDtmf, addHoldMusic, addRingback } from './call-tones';
import { resample } from './pcm-audio';
import type { PcmAudio } from './speech-synthesizer';
import { encodeWav } from './wav-file';

export type ToneSpan = Exclude<AudioSpan, { kind: 'speech' }>;

/** An utterance already synthesized, to be placed in its slot on its party's channel. */
export interface PlacedSpeech {
  channel: 'caller' | 'business';
  startMs: number;
  endMs: number;
  pcm: PcmAudio;
}

/** Everything a recording is made of once its speech is synthesized. */
export interface RecordingMix {
  durationMs: number;
  sampleRate: number;
  tones: ToneSpan[];
  speech: PlacedSpeech[];
}

const SPEECH_GAIN = 0.8;
const FADE_OUT_MS = 30;

/**
 * The call as a stereo 16-bit WAV (left = caller, right = business), as long as the call: ringback,
 * hold music, beeps and keypad tones drawn at their times, each utterance resampled into its slot and
 * trimmed with a fade when it runs past it.
 */
export function mixRecording({ durationMs, sampleRate, tones, speech }: RecordingMix): Buffer {
  const frames = Math.round((durationMs * sampleRate) / 1000);
  const caller = new Float32Array(frames);
  const business = new Float32Array(frames);
  for (const span of tones) {
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
    }
  }
  for (const placed of speech) {
    mixIn(placed.channel === 'caller' ? caller : business, fitToSlot(placed, sampleRate), Math.round((placed.startMs * sampleRate) / 1000));
  }
  return encodeWav([caller, business], sampleRate);
}

/** The utterance at the recording's rate, trimmed with a fade to its slot. */
function fitToSlot({ startMs, endMs, pcm }: PlacedSpeech, sampleRate: number): Float32Array {
  const audio = resample(pcm.samples, pcm.sampleRate, sampleRate);
  const slotFrames = Math.round(((endMs - startMs) * sampleRate) / 1000);
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
