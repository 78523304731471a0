/** G.711 mu-law, the telephone audio of Twilio media streams: 8 kHz, one byte per sample. */
const BIAS = 0x84;
const CLIP = 32635;

/** One 16-bit sample to its mu-law byte. */
export function encodeMuLaw(sample: number): number {
  let value = Math.round(sample);
  const sign = value < 0 ? 0x80 : 0;
  if (sign) value = -value;
  if (value > CLIP) value = CLIP;
  value += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One mu-law byte to its 16-bit sample. */
export function decodeMuLaw(byte: number): number {
  const value = ~byte & 0xff;
  const exponent = (value >> 4) & 0x07;
  const magnitude = ((((value & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return value & 0x80 ? -magnitude : magnitude;
}

const DECODED = Int16Array.from({ length: 256 }, (_, byte) => decodeMuLaw(byte));

/** The mu-law byte of digital silence. */
export const MU_LAW_SILENCE = 0xff;

/** Float samples (−1 … 1) to mu-law bytes. */
export function muLawFromFloat(samples: ArrayLike<number>): Buffer {
  const out = Buffer.allocUnsafe(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const value = samples[index]!;
    out[index] = encodeMuLaw((value > 1 ? 1 : value < -1 ? -1 : value) * 32767);
  }
  return out;
}

/** Mu-law bytes to 16-bit samples. */
export function pcmFromMuLaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) out[index] = DECODED[bytes[index]!]!;
  return out;
}
