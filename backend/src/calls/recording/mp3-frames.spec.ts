import { encodeWav } from '../adapters/sandbox/wav-file';
import { readMp3Frames } from './mp3-frames';

/** A Layer III frame header: sync, version, layer III, no CRC, then bitrate, rate, padding and mode. */
function header(version: 0b00 | 0b10 | 0b11, bitrateIndex: number, rateIndex: number, mono: boolean, padding = 0): Buffer {
  const word = (0x7ff << 21) | (version << 19) | (0b01 << 17) | (1 << 16) | (bitrateIndex << 12) | (rateIndex << 10) | (padding << 9) | ((mono ? 0b11 : 0b00) << 6);
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(word >>> 0);
  return bytes;
}

function frame(version: 0b00 | 0b10 | 0b11, bitrateIndex: number, rateIndex: number, mono: boolean, length: number, padding = 0): Buffer {
  return Buffer.concat([header(version, bitrateIndex, rateIndex, mono, padding), Buffer.alloc(length - 4, 0x55)]);
}

/** MPEG-2.5, 8 kbps, 8 kHz, mono: 72 bytes of 576 samples. */
const speechFrame = () => frame(0b00, 1, 2, true, 72);

describe('readMp3Frames', () => {
  it('reads the format, the bitrates and the duration from the frame headers', () => {
    const stream = readMp3Frames(Buffer.concat(Array.from({ length: 125 }, speechFrame)));
    expect(stream).toEqual({ version: 'MPEG-2.5', sampleRate: 8000, channels: 1, frames: 125, bitratesKbps: [8], durationMs: 9000, audioBytes: 9000 });
  });

  it('reads MPEG-1 and MPEG-2 frames, padding and mixed bitrates', () => {
    // MPEG-1, 128 kbps, 44.1 kHz, stereo: 417 bytes, 418 with padding.
    const mpeg1 = readMp3Frames(Buffer.concat([frame(0b11, 9, 0, false, 417), frame(0b11, 9, 0, false, 418, 1), frame(0b11, 5, 0, false, 208)]));
    expect(mpeg1).toMatchObject({ version: 'MPEG-1', sampleRate: 44_100, channels: 2, frames: 3, bitratesKbps: [64, 128] });
    expect(mpeg1.durationMs).toBeCloseTo((3 * 1152 * 1000) / 44_100, 6);
    // MPEG-2, 16 kbps, 16 kHz: 72 bytes.
    expect(readMp3Frames(Buffer.concat([frame(0b10, 2, 2, true, 72), frame(0b10, 2, 2, true, 72)]))).toMatchObject({ version: 'MPEG-2', sampleRate: 16_000, durationMs: 72 });
  });

  it('skips an ID3v2 tag, a Xing or Info frame and an ID3v1 tag', () => {
    const id3v2 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 1, 0]), Buffer.alloc(128)]);
    const info = speechFrame();
    info.write('Info', 4 + 9, 'latin1');
    const id3v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125)]);
    const stream = readMp3Frames(Buffer.concat([id3v2, info, speechFrame(), speechFrame(), id3v1]));
    expect(stream).toMatchObject({ frames: 2, durationMs: 144, audioBytes: 144 });
  });

  it('refuses what is not an MP3 stream: a WAV, nothing, a tag alone', () => {
    expect(() => readMp3Frames(encodeWav([new Float32Array(800)], 8000))).toThrow('No MP3 frame header at byte 0');
    expect(() => readMp3Frames(Buffer.alloc(0))).toThrow('No MP3 audio frames');
    const info = speechFrame();
    info.write('Xing', 4 + 9, 'latin1');
    expect(() => readMp3Frames(info)).toThrow('No MP3 audio frames');
  });

  it('refuses a torn stream: a frame cut short, bytes between frames, a change of format', () => {
    const two = Buffer.concat([speechFrame(), speechFrame()]);
    expect(() => readMp3Frames(two.subarray(0, 100))).toThrow('The MP3 frame at byte 72 is cut short');
    expect(() => readMp3Frames(Buffer.concat([speechFrame(), Buffer.from([0]), speechFrame()]))).toThrow('No MP3 frame header at byte 72');
    expect(() => readMp3Frames(Buffer.concat([speechFrame(), frame(0b10, 1, 2, true, 36)]))).toThrow('The MP3 frame at byte 72 changes format');
  });

  it('refuses headers of other layers, free or bad bitrates and reserved rates', () => {
    const layer2 = header(0b00, 1, 2, true);
    layer2[1] = (layer2[1]! & ~0b110) | 0b100;
    for (const bad of [layer2, header(0b00, 0, 2, true), header(0b00, 15, 2, true), header(0b00, 1, 3, true)]) {
      expect(() => readMp3Frames(Buffer.concat([bad, Buffer.alloc(68)]))).toThrow('No MP3 frame header at byte 0');
    }
  });
});
