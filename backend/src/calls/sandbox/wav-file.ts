/** A decoded PCM WAV: interleaved 16-bit samples. */
export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/** A 16-bit PCM WAV from one float channel per entry of `channels` (all the same length, −1 … 1). */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * count * 2;
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(count, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * count * 2, 28);
  buffer.writeUInt16LE(count * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = HEADER_BYTES;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < count; channel += 1) {
      const value = channels[channel]![frame]!;
      const clipped = value > 1 ? 1 : value < -1 ? -1 : value;
      view.setInt16(offset, Math.round(clipped * 32767), true);
      offset += 2;
    }
  }
  return buffer;
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
