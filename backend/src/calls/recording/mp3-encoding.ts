import { readFile } from 'node:fs/promises';
import { createEncoder } from 'wasm-media-encoders';

/** Interleaved 16-bit PCM, as a decoded WAV holds it. */
export interface InterleavedPcm {
  sampleRate: number;
  channels: number;
  samples: Int16Array;
}

/**
 * How recordings are stored: MPEG-2.5 Layer III, mono, 8 kHz, a constant 8 kbps (60 kB a minute).
 * Of the layouts that fit 100 kB a minute, the mono mix kept speech the most intelligible: at 8 kbps
 * stereo LAME cuts each channel at about 2.1 kHz instead of 3.2 kHz (docs/performance.md has the figures).
 * A constant bitrate lets a browser know the duration and seek from the file size alone.
 */
export const RECORDING_MP3 = { sampleRate: 8000, kbps: 8, channels: 1 } as const;

/** Seconds of audio mixed and handed to the encoder at a time. */
const CHUNK_SECONDS = 1;

/** LAME 3.100 as WebAssembly: the file's bytes at first, then the module compiled from them, so it is compiled once. */
let lame: Promise<Parameters<typeof createEncoder>[1]> | null = null;

async function createMp3Encoder() {
  lame ??= readFile(require.resolve('wasm-media-encoders/wasm/mp3'));
  return createEncoder('audio/mpeg', await lame, (compiled) => {
    lame = Promise.resolve(compiled);
  });
}

/**
 * Encodes a recording to MP3 in the stored format, mixing its channels (caller and business) into one.
 * The parties rarely talk at once, so they are summed rather than averaged, keeping each at its level;
 * where they overlap the sum is clipped. It takes about 4 ms of CPU a second of call: it runs on the
 * encoder's own thread (mp3-encoder.ts), never on the server's event loop.
 */
export async function encodeMp3(pcm: InterleavedPcm): Promise<Buffer> {
  if (pcm.channels < 1 || !Number.isInteger(pcm.channels)) throw new Error(`Cannot encode ${pcm.channels} channels`);
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 1, sampleRate: pcm.sampleRate, bitrate: RECORDING_MP3.kbps, outputSampleRate: RECORDING_MP3.sampleRate });
  const frames = Math.floor(pcm.samples.length / pcm.channels);
  const chunkFrames = Math.max(1, Math.round(pcm.sampleRate * CHUNK_SECONDS));
  const mixed = new Float32Array(chunkFrames);
  const parts: Buffer[] = [];
  for (let start = 0; start < frames; start += chunkFrames) {
    const count = Math.min(chunkFrames, frames - start);
    mixDown(pcm, start, count, mixed);
    // The encoder returns a view of its own memory, valid until its next call: copied out.
    parts.push(Buffer.from(encoder.encode([mixed.subarray(0, count)])));
  }
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}

function mixDown(pcm: InterleavedPcm, startFrame: number, count: number, into: Float32Array): void {
  const { channels, samples } = pcm;
  for (let frame = 0, index = startFrame * channels; frame < count; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel += 1, index += 1) sum += samples[index]!;
    const value = sum / 32768;
    into[frame] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
}
