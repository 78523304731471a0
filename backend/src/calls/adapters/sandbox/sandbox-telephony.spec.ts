import type { CallProgress, CalledBusiness, PlaceCallRequest } from '../../ports/telephony';
import { ScriptedVoiceAgent } from '../voice-agent/scripted-caller';
import { behaviorProfileFor } from './behavior-profile';
import { NO_SYNTHESIZER_NOTE } from './call-recording';
import { directoryBusinesses } from './directory-businesses.fixture';
import { EspeakSynthesizer } from './espeak-synthesizer';
import { ManualClock } from './manual-clock';
import { rms } from './pcm-audio';
import { SandboxTelephony } from './sandbox-telephony';
import { decodeWav } from './wav-file';

/** Wednesday 11:30 in New York. */
const MORNING = new Date('2025-03-12T15:30:00Z');
const agent = new ScriptedVoiceAgent();

/** A business whose line is answered by a person this morning, and always open. */
const answering: CalledBusiness = {
  ...directoryBusinesses().find((business) => behaviorProfileFor(business, 1).inHours.kind === 'human' && behaviorProfileFor(business, 1).receptionist.style === 'professional')!,
  openingPeriods: [{ open: { day: 0, hour: 0, minute: 0 } }],
};
const busy = directoryBusinesses().find((business) => behaviorProfileFor(business, 1).inHours.kind === 'busy')!;

function request(business: CalledBusiness, overrides: Partial<PlaceCallRequest> = {}): PlaceCallRequest {
  return { callId: 'call-sandbox-1', to: '+12125550142', from: '+12125550100', business, attempt: 1, timeScale: 1, ...overrides };
}

function recorder() {
  const reports: CallProgress[] = [];
  return { reports, onProgress: (progress: CallProgress) => reports.push(progress) };
}

describe('SandboxTelephony', () => {
  it('is the sandbox adapter and reports its health', async () => {
    const telephony = new SandboxTelephony({ agent, synthesizer: null });
    expect(telephony.adapterName).toBe('sandbox');
    await expect(telephony.health()).resolves.toEqual({ adapter: 'sandbox', state: 'up', detail: 'simulated businesses; no speech synthesizer installed, recordings have call tones only' });
  });

  it('reports each event of the call at its call-clock time, in real time', async () => {
    const clock = new ManualClock(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const script = telephony.scriptCall(request(answering));
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering), onProgress);
    expect(handle.providerCallId).toMatch(/^SB[0-9a-f]{32}$/);
    for (const [index, event] of script.events.entries()) {
      clock.advance(event.atMs - (clock.now() - MORNING.getTime()));
      expect(reports.length).toBeGreaterThanOrEqual(index + 1);
      expect(reports.every((report) => report.atMs <= event.atMs)).toBe(true);
    }
    await handle.finished;
    expect(reports.slice(0, -1)).toEqual(script.events);
    const recording = reports[reports.length - 1]!;
    expect(recording).toMatchObject({ kind: 'recording', atMs: script.durationMs, note: NO_SYNTHESIZER_NOTE });
    const wav = decodeWav((recording as { wav: Buffer }).wav);
    expect(wav.samples.length / 2).toBe(Math.round((script.durationMs * 8000) / 1000));
  });

  it('plays faster at a smaller time scale while reporting real-world times', async () => {
    const clock = new ManualClock(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const script = telephony.scriptCall(request(answering));
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering, { timeScale: 0.01 }), onProgress);
    const answered = script.events.find((event) => event.kind === 'answered')!;
    clock.advance(answered.atMs * 0.01 - 1);
    expect(reports.some((report) => report.kind === 'answered')).toBe(false);
    clock.advance(1);
    expect(reports[reports.length - 1]).toEqual(answered);
    clock.advance(script.durationMs * 0.01);
    await handle.finished;
    expect(reports.map((report) => report.atMs).slice(0, -1)).toEqual(script.events.map((event) => event.atMs));
  });

  it('ends the call where the caller hangs up: the words so far, completed by the caller, and the recording', async () => {
    const clock = new ManualClock(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const script = telephony.scriptCall(request(answering));
    const answeredAt = script.answeredAtMs!;
    const opening = script.events.find((event) => event.kind === 'transcript' && event.segment.speaker === 'caller')!;
    if (opening.kind !== 'transcript') throw new Error('no caller segment');
    const cutAt = answeredAt + Math.round((opening.segment.startMs + opening.segment.endMs) / 2);
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering), onProgress);
    clock.advance(cutAt);
    await handle.hangUp();
    await handle.finished;
    const [partial, completed, recording] = reports.slice(-3);
    expect(partial).toMatchObject({ kind: 'transcript', atMs: cutAt, segment: { speaker: 'caller', endMs: cutAt - answeredAt } });
    const words = (partial as { segment: { text: string } }).segment.text;
    expect(words.length).toBeGreaterThan(0);
    expect(opening.segment.text.startsWith(words)).toBe(true);
    expect(words.length).toBeLessThan(opening.segment.text.length);
    expect(completed).toEqual({ kind: 'completed', atMs: cutAt, endedBy: 'caller' });
    expect(recording).toMatchObject({ kind: 'recording', atMs: cutAt });
    expect(decodeWav((recording as { wav: Buffer }).wav).samples.length / 2).toBe(Math.round((cutAt * 8000) / 1000));
    await handle.hangUp();
    expect(reports.filter((report) => report.kind === 'completed')).toHaveLength(1);
  });

  it('never ends a call before what it has already reported, when a timer fires a little early', async () => {
    class EarlyTimers extends ManualClock {
      override setTimeout(callback: () => void, delayMs: number) {
        return super.setTimeout(callback, delayMs - 1);
      }
    }
    const clock = new EarlyTimers(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering, { timeScale: 0.02 }), onProgress);
    while (!reports.some((report) => report.kind === 'transcript')) clock.advance(1);
    await handle.hangUp();
    await handle.finished;
    const times = reports.map((report) => report.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(reports.slice(-2).map((report) => report.kind)).toEqual(['completed', 'recording']);
  });

  it('reports nothing more when the caller hangs up while it still rings', async () => {
    const clock = new ManualClock(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering), onProgress);
    clock.advance(2600);
    await handle.hangUp();
    await handle.finished;
    expect(reports.map((report) => report.kind)).toEqual(['dialing', 'ringing']);
  });

  it('reports a busy line without a recording', async () => {
    const clock = new ManualClock(MORNING);
    const telephony = new SandboxTelephony({ agent, clock, synthesizer: null });
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(busy), onProgress);
    clock.advance(10_000);
    await handle.finished;
    expect(reports.map((report) => report.kind)).toEqual(['dialing', 'busy']);
  });

  it('runs on the real clock at a test time scale', async () => {
    const telephony = new SandboxTelephony({ agent, synthesizer: null });
    const { reports, onProgress } = recorder();
    const started = Date.now();
    const handle = await telephony.placeCall(request(answering, { timeScale: 0.0005 }), onProgress);
    await handle.finished;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(reports.map((report) => report.kind).slice(-2)).toEqual(['completed', 'recording']);
  });

  it('refuses a time scale that is not positive', async () => {
    const telephony = new SandboxTelephony({ agent, synthesizer: null });
    await expect(telephony.placeCall(request(answering, { timeScale: 0 }), () => undefined)).rejects.toThrow('timeScale must be a positive number');
  });

  it('voices the recording with espeak-ng when it is installed', async () => {
    if (!(await EspeakSynthesizer.detect())) {
      console.warn('espeak-ng is not installed: skipping the voiced call check (apt-get install espeak-ng).');
      return;
    }
    const telephony = new SandboxTelephony({ agent });
    await expect(telephony.health()).resolves.toMatchObject({ detail: 'simulated businesses; recordings voiced with espeak-ng' });
    const { reports, onProgress } = recorder();
    const handle = await telephony.placeCall(request(answering, { timeScale: 0.0005 }), onProgress);
    await handle.finished;
    const recording = reports[reports.length - 1]!;
    if (recording.kind !== 'recording' || !recording.wav) throw new Error('no recording');
    expect(recording.note).toBeNull();
    const greeting = reports.find((report) => report.kind === 'transcript')!;
    const answered = reports.find((report) => report.kind === 'answered')!;
    if (greeting.kind !== 'transcript') throw new Error('no transcript');
    const wav = decodeWav(recording.wav);
    const business = Float32Array.from({ length: wav.samples.length / 2 }, (_, frame) => wav.samples[frame * 2 + 1]! / 32768);
    const from = ((answered.atMs + greeting.segment.startMs) * 8000) / 1000;
    const to = ((answered.atMs + greeting.segment.endMs) * 8000) / 1000;
    expect(rms(business, from, to)).toBeGreaterThan(0.02);
  });
});
