import { addTone, DTMF_HZ } from '../sandbox/call-tones';
import { muLawFromFloat } from './mu-law';

export const DTMF_SAMPLE_RATE = 8000;
const TONE_MS = 100;
const GAP_MS = 80;
const AMPLITUDE = 0.5;

/** The keys a phone keypad can send; anything else in `digits` is dropped. */
export function keypadDigits(digits: string): string {
  return [...digits].filter((digit) => digit in DTMF_HZ).join('');
}

/** In-band keypresses as 8 kHz mu-law: each digit's row and column tones, then a short gap. */
export function dtmfMuLaw(digits: string, toneMs = TONE_MS, gapMs = GAP_MS): Buffer {
  const keys = keypadDigits(digits);
  const samples = new Float32Array(Math.round((keys.length * (toneMs + gapMs) * DTMF_SAMPLE_RATE) / 1000));
  [...keys].forEach((digit, index) => {
    const startMs = index * (toneMs + gapMs);
    addTone(samples, DTMF_SAMPLE_RATE, startMs, startMs + toneMs, DTMF_HZ[digit]!, AMPLITUDE);
  });
  return muLawFromFloat(samples);
}
