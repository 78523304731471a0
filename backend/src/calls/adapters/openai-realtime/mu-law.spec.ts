import { decodeMuLaw, encodeMuLaw, MU_LAW_SILENCE, muLawFromFloat, pcmFromMuLaw } from './mu-law';

describe('mu-law codec', () => {
  it('matches the G.711 reference points', () => {
    expect(encodeMuLaw(0)).toBe(0xff);
    expect(encodeMuLaw(-1)).toBe(0x7f);
    expect(encodeMuLaw(32767)).toBe(0x80);
    expect(encodeMuLaw(-32768)).toBe(0x00);
    expect(decodeMuLaw(0xff)).toBe(0);
    expect(decodeMuLaw(0x80)).toBe(32124);
    expect(decodeMuLaw(0x00)).toBe(-32124);
    expect(MU_LAW_SILENCE).toBe(encodeMuLaw(0));
  });

  it('gives back every byte it decodes', () => {
    for (let byte = 0; byte < 256; byte += 1) {
      // 0x7f is negative zero: it decodes to 0, which encodes as positive zero.
      expect(encodeMuLaw(decodeMuLaw(byte))).toBe(byte === 0x7f ? 0xff : byte);
    }
  });

  it('keeps the error of a round trip within its logarithmic step', () => {
    for (let sample = -32000; sample <= 32000; sample += 37) {
      const back = decodeMuLaw(encodeMuLaw(sample));
      expect(Math.abs(back - sample)).toBeLessThanOrEqual(Math.max(8, Math.abs(sample) / 16));
    }
  });

  it('converts whole buffers both ways', () => {
    const bytes = muLawFromFloat(Float32Array.from([0, 0.5, -0.5, 2, -2]));
    expect(bytes).toHaveLength(5);
    const samples = pcmFromMuLaw(bytes);
    expect(samples[0]).toBe(0);
    expect(Math.abs(samples[1]! - 16384)).toBeLessThan(600);
    expect(samples[2]).toBe(-samples[1]!);
    expect(samples[3]).toBe(32124);
    expect(samples[4]).toBe(-32124);
  });
});
