import { EspeakSynthesizer } from '../../sandbox/espeak-synthesizer';
import { resample } from '../../sandbox/pcm-audio';
import type { SynthesisVoice } from '../../sandbox/speech-synthesizer';
import { muLawFromFloat } from '../mu-law';

const VOICES: Record<'caller' | 'business' | 'menu', SynthesisVoice> = {
  caller: { role: 'caller', gender: 'female', pitch: 55, wordsPerMinute: 175 },
  business: { role: 'person', gender: 'male', pitch: 45, wordsPerMinute: 175 },
  menu: { role: 'machine', gender: 'female', pitch: 50, wordsPerMinute: 165 },
};

/** Speech as the phone line carries it: espeak-ng, resampled to 8 kHz, mu-law. */
export async function speechMuLaw(synthesizer: EspeakSynthesizer, text: string, voice: keyof typeof VOICES): Promise<Buffer> {
  const pcm = await synthesizer.synthesize(text, VOICES[voice]);
  return muLawFromFloat(resample(pcm.samples, pcm.sampleRate, 8000));
}

export async function requireEspeak(): Promise<EspeakSynthesizer> {
  const synthesizer = await EspeakSynthesizer.detect();
  if (!synthesizer) throw new Error('These tests need espeak-ng (apt-get install espeak-ng)');
  return synthesizer;
}
