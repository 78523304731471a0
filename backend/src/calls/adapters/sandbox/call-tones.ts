/** Keypad tones: row and column frequencies (ITU-T Q.23). */
export const DTMF_HZ: Readonly<Record<string, readonly [number, number]>> = {
  '1': [697, 1209], '2': [697, 1336], '3': [697, 1477],
  '4': [770, 1209], '5': [770, 1336], '6': [770, 1477],
  '7': [852, 1209], '8': [852, 1336], '9': [852, 1477],
  '*': [941, 1209], '0': [941, 1336], '#': [941, 1477],
};
/** US ringback: 440 Hz + 480 Hz. */
export const RINGBACK_HZ = [440, 480];
const BEEP_HZ = [1000];
/** A slow arpeggio (C, E, G, E) as hold music. */
const HOLD_NOTES_HZ = [523.25, 659.25, 783.99, 659.25];
const HOLD_NOTE_MS = 450;
const FADE_MS = 8;

/**
 * Adds a steady mix of sine tones between two times, with short fades against clicks. Each sine is
 * advanced by rotation rather than a sin() per sample, which keeps long recordings cheap to render.
 */
export function addTone(target: Float32Array, sampleRate: number, startMs: number, endMs: number, frequencies: readonly number[], amplitude: number): void {
  const from = Math.max(0, Math.round((startMs * sampleRate) / 1000));
  const to = Math.min(target.length, Math.round((endMs * sampleRate) / 1000));
  if (to <= from) return;
  const fade = Math.max(1, Math.round((FADE_MS * sampleRate) / 1000));
  const each = amplitude / frequencies.length;
  const steps = frequencies.map((frequency) => ({ cos: Math.cos((2 * Math.PI * frequency) / sampleRate), sin: Math.sin((2 * Math.PI * frequency) / sampleRate) }));
  const phases = frequencies.map(() => ({ cos: 1, sin: 0 }));
  for (let index = from; index < to; index += 1) {
    const rise = (index - from) / fade;
    const fall = (to - index) / fade;
    const envelope = rise < 1 ? rise : fall < 1 ? fall : 1;
    let value = 0;
    for (let tone = 0; tone < phases.length; tone += 1) {
      const phase = phases[tone]!;
      const step = steps[tone]!;
      value += phase.sin;
      const cos = phase.cos * step.cos - phase.sin * step.sin;
      phase.sin = phase.sin * step.cos + phase.cos * step.sin;
      phase.cos = cos;
    }
    target[index]! += value * each * envelope;
  }
}

export function addRingback(target: Float32Array, sampleRate: number, startMs: number, endMs: number): void {
  addTone(target, sampleRate, startMs, endMs, RINGBACK_HZ, 0.25);
}

export function addBeep(target: Float32Array, sampleRate: number, startMs: number, endMs: number): void {
  addTone(target, sampleRate, startMs, endMs, BEEP_HZ, 0.3);
}

export function addDtmf(target: Float32Array, sampleRate: number, startMs: number, endMs: number, digit: string): void {
  const pair = DTMF_HZ[digit];
  if (pair) addTone(target, sampleRate, startMs, endMs, pair, 0.3);
}

/** Hold music: a soft repeating arpeggio, note by note. */
export function addHoldMusic(target: Float32Array, sampleRate: number, startMs: number, endMs: number): void {
  for (let at = startMs, note = 0; at < endMs; at += HOLD_NOTE_MS, note += 1) {
    const frequency = HOLD_NOTES_HZ[note % HOLD_NOTES_HZ.length]!;
    addTone(target, sampleRate, at, Math.min(endMs, at + HOLD_NOTE_MS - 40), [frequency, frequency * 2], 0.18);
  }
}
