import { endianness } from 'node:os';

/** A decoded PCM WAV: interleaved 16-bit samples. */
export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/**
 * A 16-bit PCM WAV from one float channel per entry of `channels` (all the same length, −1 … 1), in
 * a buffer of its own (its ArrayBuffer holds exactly the file, so it can be handed to another thread).
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * count * 2;
  const file = Buffer.from(new ArrayBuffer(HEADER_BYTES + dataBytes));
  const samples = new Int16Array(file.buffer, HEADER_BYTES, frames * count);
  for (let channel = 0; channel < count; channel += 1) {
    const source = channels[channel]!;
    for (let frame = 0, index = channel; frame < frames; frame += 1, index += count) {
      const value = source[frame]!;
      const scaled = (value > 1 ? 1 : value < -1 ? -1 : value) * 32767;
      // Rounded by hand: assigning to an Int16Array truncates.
      samples[index] = scaled >= 0 ? scaled + 0.5 : scaled - 0.5;
    }
  }
  if (endianness() === 'BE') for (let index = 0; index < samples.length; index += 1) samples[index] = swap16(samples[index]!);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(count, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * count * 2, 28);
  file.writeUInt16LE(count * 2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  return file;
}

/**
 * Reads a 16-bit PCM WAV. Streams written to a pipe (espeak-ng --stdout) carry placeholder sizes,
 * so the data chunk is taken to run to the end of the buffer when its size does not fit.
 */
export function decodeWav(buffer: Buffer): DecodedWav {
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (buffer.readUInt16LE(body) !== 1) throw new Error('Only PCM WAV is supported');
      format = { channels: buffer.readUInt16LE(body + 2), sampleRate: buffer.readUInt32LE(body + 4), bitsPerSample: buffer.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      if (format.bitsPerSample !== 16) throw new Error('Only 16-bit WAV is supported');
      const end = body + size <= buffer.length ? body + size : buffer.length;
      const bytes = (end - body) & ~1;
      const samples = new Int16Array(bytes / 2);
      const view = new DataView(buffer.buffer, buffer.byteOffset + body, bytes);
      for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(index * 2, true);
      return { ...format, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without a data chunk');
}

function swap16(value: number): number {
  return (((value & 0xff) << 8) | ((value >> 8) & 0xff)) << 16 >> 16;
}
