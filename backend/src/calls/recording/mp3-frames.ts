/** What an MPEG audio Layer III stream holds, read from its frame headers. */
export interface Mp3StreamInfo {
  version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  sampleRate: number;
  /** 1 for mono, 2 for the stereo modes. */
  channels: number;
  /** Audio frames, not counting a leading Xing/Info tag frame. */
  frames: number;
  /** The bitrates used, in kbps, lowest first (one for a constant bitrate). */
  bitratesKbps: number[];
  /** Decoded length: frames × samples per frame. */
  durationMs: number;
  /** Bytes of audio frames (a leading ID3v2 tag, a Xing/Info frame and a trailing ID3v1 tag excluded). */
  audioBytes: number;
}

const VERSIONS = { 0b00: 'MPEG-2.5', 0b10: 'MPEG-2', 0b11: 'MPEG-1' } as const;
const SAMPLE_RATES = { 'MPEG-1': [44_100, 48_000, 32_000], 'MPEG-2': [22_050, 24_000, 16_000], 'MPEG-2.5': [11_025, 12_000, 8000] } as const;
const LAYER3_KBPS_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const LAYER3_KBPS_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const LAYER3 = 0b01;
const MONO = 0b11;

interface FrameHeader {
  version: Mp3StreamInfo['version'];
  sampleRate: number;
  kbps: number;
  channels: number;
  bytes: number;
  samples: number;
}

/**
 * Walks every frame of an MP3 (Layer III) stream and checks that frames follow one another without a gap,
 * all at one version, sample rate and channel count. Throws on anything else, so a torn or foreign file
 * does not pass for a recording.
 */
export function readMp3Frames(buffer: Buffer): Mp3StreamInfo {
  let offset = id3v2Length(buffer);
  const end = buffer.length >= 128 && buffer.toString('latin1', buffer.length - 128, buffer.length - 125) === 'TAG' ? buffer.length - 128 : buffer.length;
  let first: FrameHeader | null = null;
  let frames = 0;
  let samples = 0;
  let audioBytes = 0;
  const bitrates = new Set<number>();
  while (offset < end) {
    const header = frameHeaderAt(buffer, offset);
    if (!header) throw new Error(`No MP3 frame header at byte ${offset}`);
    if (offset + header.bytes > end) throw new Error(`The MP3 frame at byte ${offset} is cut short`);
    if (first && (header.version !== first.version || header.sampleRate !== first.sampleRate || header.channels !== first.channels)) {
      throw new Error(`The MP3 frame at byte ${offset} changes format`);
    }
    const isTag = !first && isXingFrame(buffer, offset, header);
    first ??= header;
    if (!isTag) {
      frames += 1;
      samples += header.samples;
      audioBytes += header.bytes;
      bitrates.add(header.kbps);
    }
    offset += header.bytes;
  }
  if (!first || frames === 0) throw new Error('No MP3 audio frames');
  return {
    version: first.version,
    sampleRate: first.sampleRate,
    channels: first.channels,
    frames,
    bitratesKbps: [...bitrates].sort((a, b) => a - b),
    durationMs: (samples * 1000) / first.sampleRate,
    audioBytes,
  };
}

function frameHeaderAt(buffer: Buffer, offset: number): FrameHeader | null {
  if (offset + 4 > buffer.length) return null;
  const word = buffer.readUInt32BE(offset);
  if (word >>> 21 !== 0x7ff) return null;
  const version = VERSIONS[((word >>> 19) & 0b11) as keyof typeof VERSIONS];
  if (!version || ((word >>> 17) & 0b11) !== LAYER3) return null;
  const bitrateIndex = (word >>> 12) & 0b1111;
  const rateIndex = (word >>> 10) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const kbps = (version === 'MPEG-1' ? LAYER3_KBPS_MPEG1 : LAYER3_KBPS_MPEG2)[bitrateIndex]!;
  const padding = (word >>> 9) & 1;
  const samples = version === 'MPEG-1' ? 1152 : 576;
  const bytes = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { version, sampleRate, kbps, channels: ((word >>> 6) & 0b11) === MONO ? 1 : 2, bytes, samples };
}

/** A Xing or Info frame: the first frame, carrying the stream's tag in place of audio. */
function isXingFrame(buffer: Buffer, offset: number, header: FrameHeader): boolean {
  const sideInfo = header.version === 'MPEG-1' ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  const at = offset + 4 + sideInfo;
  const id = at + 4 <= buffer.length ? buffer.toString('latin1', at, at + 4) : '';
  return id === 'Xing' || id === 'Info';
}

function id3v2Length(buffer: Buffer): number {
  if (buffer.length < 10 || buffer.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((buffer[6]! & 0x7f) << 21) | ((buffer[7]! & 0x7f) << 14) | ((buffer[8]! & 0x7f) << 7) | (buffer[9]! & 0x7f);
  const footer = buffer[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}
