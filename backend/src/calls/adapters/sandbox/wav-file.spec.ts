import { decodeWav, encodeWav } from './wav-file';

describe('encodeWav / decodeWav', () => {
  it('writes a standard 16-bit PCM header and reads the samples back', () => {
    const left = Float32Array.from([0, 0.5, -0.5, 1]);
    const right = Float32Array.from([1, -1, 0.25, 2]);
    const wav = encodeWav([left, right], 8000);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(28)).toBe(8000 * 4);
    expect(wav.readUInt32LE(40)).toBe(16);
    const decoded = decodeWav(wav);
    expect(decoded).toMatchObject({ sampleRate: 8000, channels: 2, bitsPerSample: 16 });
    expect(Array.from(decoded.samples)).toEqual([0, 32767, 16384, -32767, -16384, 8192, 32767, 32767]);
  });

  it('reads a piped stream whose sizes are placeholders', () => {
    const wav = encodeWav([Float32Array.from([0.1, 0.2, 0.3])], 22050);
    wav.writeUInt32LE(0x7ffff000, 4);
    wav.writeUInt32LE(0x7ffff000, 40);
    expect(decodeWav(wav).samples).toHaveLength(3);
  });

  it('refuses what is not a PCM WAV', () => {
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow('Not a RIFF/WAVE file');
  });
});
