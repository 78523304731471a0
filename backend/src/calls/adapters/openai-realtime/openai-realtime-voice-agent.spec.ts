import { eventually } from '../../../../test/eventually';
import type { CallerHangUpReason, RealtimeCallerEvents, RealtimeCallerSession } from '../../ports/media-stream';
import type { TranscriptSegment } from '../../ports/telephony';
import { callerInstructions } from '../../ports/voice-agent';
import { callerGoalFor, callerPersonaFor } from '../voice-agent';
import { pcmFromMuLaw } from './mu-law';
import { OpenAiRealtimeVoiceAgent } from './openai-realtime-voice-agent';
import { RealtimeStandInServer, type StandInOptions, type StandInScript } from './realtime-stand-in-server';
import { ClipTranscriber } from './testing/clip-transcriber';
import { detectDtmf } from './testing/dtmf-detector';
import { requireEspeak, speechMuLaw } from './testing/espeak-mu-law';
import { FakeTwilioLine } from './testing/fake-twilio-line';

const API_KEY = 'sk-stand-in-0123456789';
const business = { placeId: 'place-1', name: "Joe's Plumbing", businessTypes: ['plumber'], timeZone: null, utcOffsetMinutes: null, openingPeriods: [] };
const goal = callerGoalFor(business);
const persona = callerPersonaFor('call-1');

const LINES = {
  greeting: ['business', "Thank you for calling Joe's Plumbing, how can I help you?"],
  answer: ['business', 'We can come at three today. It is ninety dollars.'],
  holdOn: ['business', 'Sorry, hold on a second.'],
  menu: ['menu', 'For service, press 1. For billing, press 2.'],
  opening: ['caller', 'Hi, do you have anyone free today?'],
  longOpening: ['caller', 'Hi there, I have a leaking pipe under my kitchen sink, and I was wondering whether somebody could come out today and take a look at it for me?'],
  goodbye: ['caller', 'Great, thanks so much, bye!'],
  lostYou: ['caller', 'Sorry, I think I lost you. Bye!'],
} as const;
type LineName = keyof typeof LINES;

const audio = {} as Record<LineName, Buffer>;
const transcriber = new ClipTranscriber();
const text = (name: LineName) => LINES[name][1];
const reply = (name: LineName) => ({ audio: audio[name], transcript: text(name) });

beforeAll(async () => {
  const synthesizer = await requireEspeak();
  for (const name of Object.keys(LINES) as LineName[]) {
    audio[name] = await speechMuLaw(synthesizer, LINES[name][1], LINES[name][0]);
    if (LINES[name][0] !== 'caller') transcriber.add(LINES[name][1], audio[name]);
  }
});

interface Recorded extends RealtimeCallerEvents {
  transcripts: TranscriptSegment[];
  digitsPressed: string[];
  loops: number[];
  hangUps: { reason: CallerHangUpReason; atMs: number }[];
  hungUp: Promise<{ reason: CallerHangUpReason; atMs: number }>;
}

function recorder(): Recorded {
  let resolve!: (value: { reason: CallerHangUpReason; atMs: number }) => void;
  const recorded: Recorded = {
    transcripts: [],
    digitsPressed: [],
    loops: [],
    hangUps: [],
    hungUp: new Promise((done) => (resolve = done)),
    transcript: (segment) => recorded.transcripts.push(segment),
    digits: (digits) => recorded.digitsPressed.push(digits),
    ivrLoop: (atMs) => recorded.loops.push(atMs),
    hangUp: (reason, atMs) => {
      recorded.hangUps.push({ reason, atMs });
      resolve({ reason, atMs });
    },
  };
  return recorded;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CallOptions {
  script?: StandInScript;
  server?: Partial<StandInOptions>;
  silenceMs?: number;
  maxDurationMs?: number;
  apiKey?: string;
  attach?: boolean;
}

/**
 * Runs `test` on a call of its own (stand-in model, session, line and logs) and always ends it: the
 * calls play in real time, so the tests run concurrently.
 */
async function onCall(options: CallOptions, test: (call: Call) => Promise<void>): Promise<void> {
  const cleanup: (() => unknown)[] = [];
  try {
    const server = new RealtimeStandInServer({ apiKey: API_KEY, script: { transcribe: (heard) => transcriber.transcribe(heard), ...options.script }, ...options.server });
    const url = await server.start();
    cleanup.push(() => server.stop());
    const logs = { warn: [] as string[], error: [] as string[] };
    const logger = { warn: (message: string) => logs.warn.push(message), error: (message: string) => logs.error.push(message) };
    const agent = new OpenAiRealtimeVoiceAgent({ apiKey: options.apiKey ?? API_KEY, url, model: 'gpt-realtime', voice: 'alloy', silenceMs: options.silenceMs ?? 12_000, logger });
    const session: RealtimeCallerSession = agent.prepare({ callId: 'call-1', business, goal, persona, maxDurationMs: options.maxDurationMs ?? 60_000 });
    cleanup.push(() => session.close());
    const line = new FakeTwilioLine();
    cleanup.push(() => line.stop());
    const events = recorder();
    const answer = () => {
      session.attach(line, events);
      line.start();
    };
    if (options.attach !== false) answer();
    await test({ server, line, events, logs, answer });
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

interface Call {
  server: RealtimeStandInServer;
  line: FakeTwilioLine;
  events: Recorded;
  logs: { warn: string[]; error: string[] };
  answer(): void;
}

const callerLines = (events: Recorded) => events.transcripts.filter((segment) => segment.speaker === 'caller');

describe('OpenAiRealtimeVoiceAgent over the stand-in model', () => {
  it.concurrent.each(['ga', 'beta'] as const)('answers the greeting, talks, and hangs up once its goodbye has played (%s event names)', (eventNames) =>
    onCall(
      {
        server: { eventNames },
        script: {
          onHeard: (heard) =>
            heard === text('greeting')
              ? reply('opening')
              : heard === text('answer')
                ? { ...reply('goodbye'), tool: { name: 'end_call', arguments: { reason: 'goal_reached' } } }
                : null,
        },
      },
      async ({ server, line, events }) => {
        await line.say(audio.greeting);
        await eventually('the caller to answer the greeting', () => callerLines(events).length === 1, { timeoutMs: 15_000 });
        await line.say(audio.answer);
        const { reason, atMs } = await events.hungUp;

        expect(reason).toBe('goal_reached');
        expect(line.receivedAudio()).toEqual(Buffer.concat([audio.opening, audio.goodbye]));
        expect(line.pendingOutboundBytes).toBe(0);
        expect(events.transcripts.map((segment) => [segment.speaker, segment.text])).toEqual([
          ['business', text('greeting')],
          ['caller', text('opening')],
          ['business', text('answer')],
          ['caller', text('goodbye')],
        ]);
        for (const [index, segment] of events.transcripts.entries()) {
          expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
          expect(segment.confidence).toBe(0.9);
          if (index > 0) expect(segment.startMs).toBeGreaterThanOrEqual(events.transcripts[index - 1]!.endMs);
        }
        const greetingMs = audio.greeting.length / 8;
        expect(events.transcripts[0]!.startMs).toBeLessThan(150);
        // The clip ends in a little silence, which voice detection does not count as speech.
        expect(events.transcripts[0]!.endMs).toBeGreaterThan(greetingMs - 600);
        expect(events.transcripts[0]!.endMs).toBeLessThanOrEqual(greetingMs);
        const opening = events.transcripts[1]!;
        expect(Math.abs(opening.endMs - opening.startMs - audio.opening.length / 8)).toBeLessThan(5);
        expect(atMs).toBeGreaterThanOrEqual(events.transcripts[3]!.endMs - 50);
        await eventually('the model connection to close', () => server.openConnections === 0, { timeoutMs: 2000 });
      },
    ),
  );

  it.concurrent('opens the session with the caller instructions, mu-law both ways and the keypad and hang-up tools', () =>
    onCall({}, async ({ server, line }) => {
      await eventually('the session update', () => server.receivedOfType('session.update').length === 1);
      const session = server.receivedOfType('session.update')[0]!.session as Record<string, any>;
      expect(server.requestedModels).toEqual(['gpt-realtime']);
      expect(session.type).toBe('realtime');
      expect(session.instructions).toContain(callerInstructions(business, goal, persona));
      expect(session.instructions).toContain('press_keys');
      expect(session.audio.input.format).toEqual({ type: 'audio/pcmu' });
      expect(session.audio.output).toEqual({ format: { type: 'audio/pcmu' }, voice: 'alloy' });
      expect(session.audio.input.turn_detection).toEqual({ type: 'server_vad' });
      expect(session.tools.map((tool: { name: string }) => tool.name)).toEqual(['press_keys', 'end_call']);
      const appended: string[] = [];
      server.onClientEvent((event) => event.type === 'input_audio_buffer.append' && appended.push(String(event.audio)));
      await line.say(audio.holdOn);
      await eventually('over 30 frames of line audio at the model', () => appended.length > 30);
      const sentByLine = new Set(line.inboundPayloads);
      expect(appended.every((payload) => sentByLine.has(payload))).toBe(true);
    }),
  );

  it.concurrent('stops talking when the business talks over it, and tells the model how much was heard', () =>
    onCall({ script: { onHeard: (heard) => (heard === text('greeting') ? reply('longOpening') : null) } }, async ({ server, line, events }) => {
      await line.say(audio.greeting);
      await eventually('the caller to start talking', () => line.receivedAudio().length > 0, { timeoutMs: 15_000 });
      await sleep(1500);
      await line.say(audio.holdOn);
      await eventually('the truncate of the interrupted reply', () => server.receivedOfType('conversation.item.truncate').length === 1, { timeoutMs: 15_000 });

      expect(line.sent.filter((message) => message.event === 'clear')).toHaveLength(1);
      const truncate = server.receivedOfType('conversation.item.truncate')[0]!;
      expect(truncate).toMatchObject({ item_id: 'item_out_1', content_index: 0 });
      const heardMs = line.playedAtClear[0]! / 8;
      expect(heardMs).toBeGreaterThan(1500);
      expect(heardMs).toBeLessThan(audio.longOpening.length / 8);
      expect(Math.abs((truncate.audio_end_ms as number) - heardMs)).toBeLessThanOrEqual(60);
      const [caller] = callerLines(events);
      expect(caller!.endMs - caller!.startMs).toBe(truncate.audio_end_ms);
      expect(line.pendingOutboundBytes).toBe(0);
    }),
  );

  it.concurrent('presses keys in a menu as DTMF tones and answers the function call', () =>
    onCall(
      {
        script: { onHeard: (heard) => (heard === text('menu') ? { tool: { name: 'press_keys', arguments: { digits: '1' } } } : null) },
      },
      async ({ server, line, events }) => {
        await line.say(audio.menu);
        await eventually('the response request after the keypress', () => server.receivedOfType('response.create').length === 1, { timeoutMs: 15_000 });
        await eventually('the tones to play out', () => line.pendingOutboundBytes === 0);

        expect(events.digitsPressed).toEqual(['1']);
        expect(detectDtmf(pcmFromMuLaw(line.receivedAudio()))).toBe('1');
        const output = server.receivedOfType('conversation.item.create')[0]!;
        expect(output.item).toEqual({ type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ pressed: '1' }) });
        expect(server.received.indexOf(output)).toBeLessThan(server.received.indexOf(server.receivedOfType('response.create')[0]!));
        expect(events.hangUps).toEqual([]);
      },
    ),
  );

  it.concurrent('hangs up when the same menu plays a third time', () =>
    onCall({}, async ({ line, events }) => {
      for (let time = 0; time < 3; time += 1) {
        await line.say(audio.menu);
        await sleep(500);
      }
      const { reason } = await events.hungUp;
      expect(reason).toBe('ivr_loop');
      expect(events.loops).toHaveLength(1);
      expect(events.transcripts.map((segment) => segment.text)).toEqual([text('menu'), text('menu'), text('menu')]);
    }),
  );

  it.concurrent('says goodbye and hangs up when the line goes silent', () =>
    onCall(
      {
        silenceMs: 1500,
        script: {
          onHeard: (heard) => (heard === text('greeting') ? reply('opening') : null),
          onResponseRequest: (instructions) => (instructions ? reply('lostYou') : null),
        },
      },
      async ({ server, line, events }) => {
        await line.say(audio.greeting);
        const { reason, atMs } = await events.hungUp;

        expect(reason).toBe('silence');
        const wrapUp = server.receivedOfType('response.create')[0]!;
        expect((wrapUp.response as { instructions: string }).instructions).toMatch(/silent/);
        const [opening, goodbye] = callerLines(events);
        expect(goodbye!.text).toBe(text('lostYou'));
        expect(goodbye!.startMs - opening!.endMs).toBeGreaterThanOrEqual(1500);
        expect(goodbye!.startMs - opening!.endMs).toBeLessThan(2000);
        expect(atMs).toBeGreaterThanOrEqual(goodbye!.endMs - 50);
        expect(line.pendingOutboundBytes).toBe(0);
      },
    ),
  );

  it.concurrent('wraps up politely at the maximum length', () =>
    onCall(
      {
        maxDurationMs: 2000,
        script: { onResponseRequest: (instructions) => (instructions ? reply('goodbye') : null) },
      },
      async ({ server, events }) => {
        const { reason, atMs } = await events.hungUp;
        expect(reason).toBe('max_length');
        expect((server.receivedOfType('response.create')[0]!.response as { instructions: string }).instructions).toMatch(/long enough/);
        expect(atMs).toBeGreaterThanOrEqual(2000 + audio.goodbye.length / 8 - 50);
      },
    ),
  );

  it.concurrent('hangs up gracefully when the model reports a failure, but not when it refuses one request', () =>
    onCall({}, async ({ server, events, logs }) => {
      await eventually('an open, configured model session', () => server.openConnections === 1 && server.receivedOfType('session.update').length === 1);
      server.broadcast({ type: 'error', error: { type: 'invalid_request_error', code: 'response_cancel_not_active', message: 'No active response.' } });
      await sleep(100);
      expect(events.hangUps).toEqual([]);
      expect(logs.warn.join()).toContain('response_cancel_not_active');
      server.broadcast({ type: 'error', error: { type: 'server_error', message: 'The server had an error.' } });
      expect((await events.hungUp).reason).toBe('agent_error');
      expect(logs.error.join()).toContain('server_error');
    }),
  );

  it.concurrent('hangs up gracefully when the model connection drops', () =>
    onCall({}, async ({ server, events, logs }) => {
      await eventually('an open model connection', () => server.openConnections === 1);
      server.dropConnections();
      expect((await events.hungUp).reason).toBe('agent_error');
      expect(logs.error.join()).toContain('dropped');
    }),
  );

  it.concurrent('hangs up at once when the model refuses the key', () =>
    onCall({ apiKey: 'sk-wrong' }, async ({ events, logs }) => {
      expect((await events.hungUp).reason).toBe('agent_error');
      expect(logs.error.join()).toContain('401');
      expect(logs.error.join()).not.toContain('sk-wrong');
    }),
  );

  it.concurrent('plays model audio that came before the answer once the call is answered', () =>
    onCall({ attach: false }, async ({ server, line, answer }) => {
      await eventually('an open, configured model session', () => server.openConnections === 1 && server.receivedOfType('session.update').length === 1);
      const early = audio.opening.subarray(0, 1600);
      server.broadcast({ type: 'response.output_audio.delta', response_id: 'resp_0', item_id: 'item_early', delta: early.toString('base64') });
      await sleep(100);
      answer();
      await eventually('the early audio to play', () => line.pendingOutboundBytes === 0 && line.receivedAudio().length > 0);
      expect(line.receivedAudio()).toEqual(early);
    }),
  );
});
