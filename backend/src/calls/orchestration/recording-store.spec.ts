import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../infrastructure/config';
import { encodeWav } from '../adapters/sandbox/wav-file';
import { readMp3Frames } from '../recording/mp3-frames';
import { RecordingStore } from './recording-store';

/** Two seconds of a stereo call: a tone on the caller's side, another on the business's. */
function stereoWav(seconds = 2): Buffer {
  const frames = 8000 * seconds;
  const caller = Float32Array.from({ length: frames }, (_, index) => Math.sin((2 * Math.PI * 350 * index) / 8000) * 0.4);
  const business = Float32Array.from({ length: frames }, (_, index) => Math.sin((2 * Math.PI * 620 * index) / 8000) * 0.4);
  return encodeWav([caller, business], 8000);
}

describe('RecordingStore', () => {
  let dataDir: string;
  let store: RecordingStore;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-recordings-'));
    store = new RecordingStore({ dataDir } as AppConfig);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores a WAV recording as <callId>.mp3, written aside and renamed, and finds it as audio/mpeg', async () => {
    const wav = stereoWav();
    const saved = await store.save('call_1', wav);
    const path = join(dataDir, 'recordings', 'call_1.mp3');
    expect(saved).toEqual({ path, contentType: 'audio/mpeg', bytes: readFileSync(path).length });
    expect(readdirSync(join(dataDir, 'recordings'))).toEqual(['call_1.mp3']);
    expect(readMp3Frames(readFileSync(path))).toMatchObject({ sampleRate: 8000, channels: 1, bitratesKbps: [8] });
    expect(saved.bytes).toBeLessThan(wav.length / 15);
    expect(store.find('call_1')).toEqual({ path, contentType: 'audio/mpeg' });
  });

  it('finds a WAV recording an earlier version stored, as audio/wav', () => {
    mkdirSync(join(dataDir, 'recordings'));
    writeFileSync(join(dataDir, 'recordings', 'call_old.wav'), stereoWav(1));
    expect(store.find('call_old')).toEqual({ path: join(dataDir, 'recordings', 'call_old.wav'), contentType: 'audio/wav' });
  });

  it('finds nothing for a call without a recording', async () => {
    expect(store.find('call_none')).toBeNull();
    await store.save('call_other', stereoWav(1));
    expect(store.find('call_none')).toBeNull();
  });

  it('keeps a WAV it cannot read (not 16-bit PCM) as it came', async () => {
    const floatWav = stereoWav(1);
    floatWav.writeUInt16LE(3, 20);
    const saved = await store.save('call_float', floatWav);
    expect(saved).toMatchObject({ contentType: 'audio/wav', bytes: floatWav.length });
    expect(readFileSync(join(dataDir, 'recordings', 'call_float.wav')).equals(floatWav)).toBe(true);
    expect(store.find('call_float')?.contentType).toBe('audio/wav');
  });
});
