import type { MediaStreamConnection, MediaStreamInbound, MediaStreamOutbound, RealtimeCallerEvents } from '../calls/ports/media-stream';
import { callerGoalFor, callerPersonaFor } from '../calls/adapters/voice-agent';
import { MU_LAW_SILENCE, muLawFromFloat } from '../calls/adapters/openai-realtime/mu-law';
import { OpenAiRealtimeVoiceAgent } from '../calls/adapters/openai-realtime/openai-realtime-voice-agent';
import { RealtimeStandInServer } from '../calls/adapters/openai-realtime/realtime-stand-in-server';
import { ms, report, summarize } from './stats';

const API_KEY = 'sk-bench';
const FRAME_BYTES = 160;
const SILENT_FRAME = Buffer.alloc(FRAME_BYTES, MU_LAW_SILENCE).toString('base64');
const SPEECH_FRAME = muLawFromFloat(Float32Array.from({ length: FRAME_BYTES }, (_, index) => 0.3 * Math.sin((2 * Math.PI * 400 * index) / 8000))).toString('base64');
const business = { placeId: 'bench', name: 'Bench Plumbing', businessTypes: ['plumber'], timeZone: null, utcOffsetMinutes: null, openingPeriods: [] };
const noEvents: RealtimeCallerEvents = { transcript: () => undefined, digits: () => undefined, ivrLoop: () => undefined, hangUp: () => undefined };
const quiet = { warn: () => undefined, error: () => undefined };

/** The Twilio side, reduced to what the bench times: it notes when each media message reaches it and echoes marks. */
class BenchLine implements MediaStreamConnection {
  readonly callSid = 'CAbench';
  readonly streamSid = 'MZbench';
  readonly customParameters = {};
  readonly mediaArrivals: number[] = [];
  private listener: (message: MediaStreamInbound) => void = () => undefined;
  private sequence = 0;

  send(message: MediaStreamOutbound): void {
    if (message.event === 'media') this.mediaArrivals.push(performance.now());
    else if (message.event === 'mark') setImmediate(() => this.listener({ event: 'mark', sequenceNumber: String(this.sequence++), streamSid: this.streamSid, mark: message.mark }));
  }

  sendFrame(payload: string): void {
    this.listener({ event: 'media', sequenceNumber: String(this.sequence++), streamSid: this.streamSid, media: { track: 'inbound', chunk: '0', timestamp: '0', payload } });
  }

  onMessage(listener: (message: MediaStreamInbound) => void): void {
    this.listener = listener;
  }

  onClose(): void {}
  close(): void {}
}

const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(2);
}

/** Runs `step(i)` `count` times, one every `everyMs`, catching up rather than drifting. */
async function paced(count: number, everyMs: number, step: (index: number) => void): Promise<void> {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) {
    const due = start + index * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    step(index);
  }
}

async function openCall(server: RealtimeStandInServer, url: string): Promise<{ line: BenchLine; close: () => void }> {
  const agent = new OpenAiRealtimeVoiceAgent({ apiKey: API_KEY, url, model: 'gpt-realtime', voice: 'alloy', silenceMs: 3_600_000, logger: quiet });
  const session = agent.prepare({ callId: 'bench', business, goal: callerGoalFor(business), persona: callerPersonaFor('bench'), maxDurationMs: 3_600_000 });
  await until(() => server.receivedOfType('session.update').length > 0);
  const line = new BenchLine();
  session.attach(line, noEvents);
  return { line, close: () => session.close() };
}

/**
 * The realtime bridge's own latency, in-process over loopback WebSockets against the stand-in model:
 * per audio frame both ways over a simulated 3-minute call (its 9,000 frames each way sent ten times
 * faster than real time), and from the end of the business's speech to our first audio frame out
 * with a model that answers instantly.
 */
export async function benchRealtimeBridge(frames = 9000, turns = 100): Promise<void> {
  const server = new RealtimeStandInServer({
    apiKey: API_KEY,
    deltaBytes: FRAME_BYTES,
    script: { transcribe: () => 'hello', onHeard: () => ({ audio: Buffer.alloc(800, 0x7e) }) },
  });
  const url = await server.start();
  try {
    const frameCall = await openCall(server, url);
    const appendArrivals: number[] = [];
    server.onClientEvent((event) => event.type === 'input_audio_buffer.append' && appendArrivals.push(performance.now()));
    const inboundSent: number[] = [];
    const deltaSent: number[] = [];
    const delta = { type: 'response.output_audio.delta', response_id: 'resp_bench', item_id: 'item_bench', delta: SILENT_FRAME };
    await paced(frames, 2, () => {
      inboundSent.push(performance.now());
      frameCall.line.sendFrame(SILENT_FRAME);
      deltaSent.push(performance.now());
      server.broadcast(delta);
    });
    await until(() => appendArrivals.length >= frames && frameCall.line.mediaArrivals.length >= frames);
    frameCall.close();
    const inbound = summarize(inboundSent.map((sentAt, index) => appendArrivals[index]! - sentAt));
    const outbound = summarize(deltaSent.map((sentAt, index) => frameCall.line.mediaArrivals[index]! - sentAt));
    report('bridge: Twilio frame -> model append (p50 / p99)', `${ms(inbound.p50)} / ${ms(inbound.p99)}`, 'p99 <= 5 ms', inbound.p99 <= 5);
    report('bridge: model delta -> Twilio frame (p50 / p99)', `${ms(outbound.p50)} / ${ms(outbound.p99)}`, 'p99 <= 5 ms', outbound.p99 <= 5);

    const turnCall = await openCall(server, url);
    const stoppedAt: number[] = [];
    server.onServerEvent((event) => (event as { type: string }).type === 'input_audio_buffer.speech_stopped' && stoppedAt.push(performance.now()));
    const firstAudio: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      const heard = turnCall.line.mediaArrivals.length;
      // 300 ms of speech, then silence until the stand-in's voice detection ends the utterance.
      await paced(15, 2, () => turnCall.line.sendFrame(SPEECH_FRAME));
      const before = stoppedAt.length;
      while (stoppedAt.length === before) {
        turnCall.line.sendFrame(SILENT_FRAME);
        await sleep(2);
      }
      await until(() => turnCall.line.mediaArrivals.length > heard);
      firstAudio.push(turnCall.line.mediaArrivals[heard]! - stoppedAt[before]!);
    }
    turnCall.close();
    const reply = summarize(firstAudio);
    report('bridge: speech end -> first audio out (p50 / p99)', `${ms(reply.p50)} / ${ms(reply.p99)}  (model time excluded)`);
  } finally {
    await server.stop();
  }
}
