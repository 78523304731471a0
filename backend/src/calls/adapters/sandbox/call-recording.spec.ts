import { NO_SYNTHESIZER_NOTE, renderCallRecording } from './call-recording';
import type { AudioSpan, CallScript } from './call-script';
import { EspeakSynthesizer } from './espeak-synthesizer';
import { rms } from './pcm-audio';
import type { SpeechSynthesizer, SynthesisVoice } from './speech-synthesizer';
import { decodeWav } from './wav-file';

const PERSON: SynthesisVoice = { role: 'person', gender: 'female', pitch: 65, wordsPerMinute: 175 };
const CALLER: SynthesisVoice = { role: 'caller', gender: 'male', pitch: 45, wordsPerMinute: 170 };

function script(audio: AudioSpan[], durationMs = 12_000): CallScript {
  return {
    callId: 'call-recording',
    placeId: 'place',
    attempt: 1,
    startedAt: '2025-03-12T15:30:00.000Z',
    duringBusinessHours: true,
    line: 'human',
    goal: 'a test',
    answeredAtMs: 3000,
    durationMs,
    events: [],
    audio,
  };
}

const TIMELINE: AudioSpan[] = [
  { kind: 'ringback', startMs: 1000, endMs: 3000 },
  { kind: 'speech', channel: 'business', startMs: 3500, endMs: 5500, text: "Thank you for calling Joe's Plumbing.", voice: PERSON },
  { kind: 'speech', channel: 'caller', startMs: 6000, endMs: 8000, text: 'Hi, I have a leak under my sink.', voice: CALLER },
  { kind: 'hold_music', startMs: 8500, endMs: 10_500 },
  { kind: 'dtmf', startMs: 10_800, endMs: 10_950, digit: '2' },
  { kind: 'beep', startMs: 11_000, endMs: 11_400 },
];

/** The two channels of a stereo recording as floats. */
function channels(wav: Buffer) {
  const decoded = decodeWav(wav);
  const frames = decoded.samples.length / decoded.channels;
  const caller = new Float32Array(frames);
  const business = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    caller[frame] = decoded.samples[frame * 2]! / 32768;
    business[frame] = decoded.samples[frame * 2 + 1]! / 32768;
  }
  const level = (channel: Float32Array, fromMs: number, toMs: number) => rms(channel, (fromMs * decoded.sampleRate) / 1000, (toMs * decoded.sampleRate) / 1000);
  return { decoded, frames, caller, business, level };
}

describe('renderCallRecording', () => {
  it('renders a stereo WAV as long as the call, with tones on the right channels', async () => {
    const recording = await renderCallRecording(script(TIMELINE), null);
    const { decoded, frames, caller, business, level } = channels(recording.wav);
    expect(recording.wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(decoded).toMatchObject({ channels: 2, sampleRate: 8000, bitsPerSample: 16 });
    expect(frames).toBe(12_000 * 8);
    expect(level(business, 1000, 3000)).toBeGreaterThan(0.1);
    expect(level(caller, 1000, 3000)).toBe(0);
    expect(level(business, 0, 950)).toBe(0);
    expect(level(business, 8500, 10_500)).toBeGreaterThan(0.05);
    expect(level(caller, 10_800, 10_950)).toBeGreaterThan(0.1);
    expect(level(business, 11_000, 11_400)).toBeGreaterThan(0.1);
  });

  it('says in its note that speech is missing when no synthesizer is installed', async () => {
    const recording = await renderCallRecording(script(TIMELINE), null);
    expect(recording.note).toBe(NO_SYNTHESIZER_NOTE);
    const { business, caller, level } = channels(recording.wav);
    expect(level(business, 3500, 5500)).toBe(0);
    expect(level(caller, 6000, 8000)).toBe(0);
    expect((await renderCallRecording(script([{ kind: 'ringback', startMs: 0, endMs: 2000 }], 3000), null)).note).toBeNull();
  });

  it('renders at 16 kHz on request', async () => {
    const { frames, decoded } = channels((await renderCallRecording(script(TIMELINE), null, 16_000)).wav);
    expect(decoded.sampleRate).toBe(16_000);
    expect(frames).toBe(12_000 * 16);
  });

  it('notes utterances the synthesizer could not say, and keeps the rest', async () => {
    const flaky: SpeechSynthesizer = {
      name: 'flaky',
      synthesize: async (text) => {
        if (text.startsWith('Hi')) throw new Error('no voice');
        return { sampleRate: 8000, samples: Int16Array.from({ length: 8000 }, (_, index) => Math.round(Math.sin(index / 3) * 10_000)) };
      },
    };
    const recording = await renderCallRecording(script(TIMELINE), flaky);
    expect(recording.note).toBe('Speech synthesis failed for 1 of 2 utterances; those are silent in the recording, and the transcript has every word.');
    const { business, caller, level } = channels(recording.wav);
    expect(level(business, 3500, 4500)).toBeGreaterThan(0.1);
    expect(level(business, 4600, 5500)).toBe(0);
    expect(level(caller, 6000, 8000)).toBe(0);
  });

  it('voices each party on its own channel with espeak-ng, within its slot', async () => {
    const espeak = await EspeakSynthesizer.detect();
    if (!espeak) {
      console.warn('espeak-ng is not installed: skipping the voiced recording check (apt-get install espeak-ng).');
      return;
    }
    const recording = await renderCallRecording(script(TIMELINE), espeak);
    expect(recording.note).toBeNull();
    const { business, caller, level } = channels(recording.wav);
    expect(level(business, 3500, 5500)).toBeGreaterThan(0.02);
    expect(level(caller, 3500, 5500)).toBe(0);
    expect(level(caller, 6000, 8000)).toBeGreaterThan(0.02);
    expect(level(business, 6000, 8000)).toBe(0);
    expect(level(business, 5500, 8500)).toBe(0);
  });
});
