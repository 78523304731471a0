import { ScriptedVoiceAgent } from '../voice-agent/scripted-caller';
import { renderCallRecording } from './call-recording';
import { writeCallScript } from './call-script-writer';
import { directoryBusinesses } from './directory-businesses.fixture';
import { encodeWav, decodeWav } from './wav-file';
test('perf', async () => {
  const b = directoryBusinesses()[1]!;
  const s = writeCallScript({ callId: 'x', business: b, attempt: 1, agent: new ScriptedVoiceAgent(), startedAt: new Date('2025-03-12T15:30:00Z') });
  let t = Date.now();
  const r = await renderCallRecording(s, null);
  console.log('render', Date.now() - t, s.durationMs);
  t = Date.now();
  const a = new Float32Array(480000), c = new Float32Array(480000);
  const w = encodeWav([a, c], 8000);
  console.log('encode', Date.now() - t);
  t = Date.now(); decodeWav(w); console.log('decode', Date.now() - t, r.wav.length);
});
