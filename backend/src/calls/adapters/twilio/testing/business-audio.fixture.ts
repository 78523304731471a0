import { muLawFromFloat, pcmFromMuLaw } from '../../openai-realtime/mu-law';
import { EspeakSynthesizer, encodeWav, resample } from '../../sandbox';

const RATE = 8000;

/** What the business says, as the 8 kHz mu-law a phone line carries (espeak-ng; a tone where it is missing). */
export async function businessSpeech(text: string): Promise<Buffer> {
  const espeak = await EspeakSynthesizer.detect();
  if (!espeak) return muLawFromFloat(Float32Array.from({ length: RATE }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / RATE)));
  const speech = await espeak.synthesize(text, { role: 'person', gender: 'female', pitch: 50, wordsPerMinute: 200 });
  return muLawFromFloat(resample(speech.samples, speech.sampleRate, RATE));
}

/** A two-channel recording as Twilio makes one: the business on the first channel, the caller on the second. */
export function dualChannelWav(business: Buffer, caller: Buffer): Buffer {
  const frames = Math.max(business.length, caller.length);
  const channel = (bytes: Buffer) => {
    const out = new Float32Array(frames);
    pcmFromMuLaw(bytes).forEach((sample, index) => (out[index] = sample / 32768));
    return out;
  };
  return encodeWav([channel(business), channel(caller)], RATE);
}
