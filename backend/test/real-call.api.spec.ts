import { dtmfMuLaw } from '../src/calls/adapters/openai-realtime/dtmf-tones';
import { pcmFromMuLaw } from '../src/calls/adapters/openai-realtime/mu-law';
import { RealtimeStandInServer, type StandInReply } from '../src/calls/adapters/openai-realtime/realtime-stand-in-server';
import { ClipTranscriber } from '../src/calls/adapters/openai-realtime/testing/clip-transcriber';
import { detectDtmf } from '../src/calls/adapters/openai-realtime/testing/dtmf-detector';
import { requireEspeak, speechMuLaw } from '../src/calls/adapters/openai-realtime/testing/espeak-mu-law';
import type { BusinessTurn } from '../src/calls/adapters/twilio/testing/stand-in-conversation';
import { type StandInScenario, TwilioStandIn } from '../src/calls/adapters/twilio/testing/twilio-stand-in.fixture';
import { readMp3Frames } from '../src/calls/recording/mp3-frames';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { type ApiView, settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, signUpIn } from './test-app';
import { freePort } from './free-port';

const ACCOUNT_SID = `AC${'2b'.repeat(16)}`;
const AUTH_TOKEN = 'stand-in-auth-token-fedcba987654';
const OPENAI_KEY = 'sk-stand-in-realtime-0123456789';

const BUSINESS = {
  menu: ['menu', 'For reservations, press one. For our hours, press two.'],
  greeting: ['business', 'Reservations, this is Dana. How can I help you?'],
  answer: ['business', 'Yes, we have a table at seven. See you then, goodbye!'],
  closed: ['business', 'Sorry, we are closed tonight. Goodbye!'],
  voicemail: ['business', 'Hi, you have reached the front desk. Please leave a message after the tone.'],
} as const;
const CALLER = {
  question: 'Hi, do you have a table for two tonight?',
  longQuestion: 'Hi there, I would like to book a table for two people tonight, ideally somewhere by the window if you have one free.',
  thanks: 'Great, thank you so much. Bye!',
  okayBye: 'Oh, okay. Thanks anyway, bye!',
  hello: 'Hello, is anyone there?',
} as const;
type BusinessLine = keyof typeof BUSINESS;
type CallerLine = keyof typeof CALLER;


/**
 * A whole real call on loopback: the app with its Twilio adapter and its OpenAI Realtime caller, a
 * stand-in Twilio playing a business that talks in turns, and a stand-in realtime model that listens to
 * that business (recognising its clips) and answers with speech, transcripts and tool calls.
 */
describe('a real call, end to end (stand-in Twilio and stand-in realtime model on loopback)', () => {
  let t: TestApp;
  let twilio: TwilioStandIn;
  let realtime: RealtimeStandInServer;
  let owner: TestVisitor;
  let auth: Record<string, string>;
  /** Every event type the model sent, in order. */
  const modelSent: string[] = [];
  const transcriber = new ClipTranscriber();
  const businessAudio = {} as Record<BusinessLine, Buffer>;
  const callerAudio = {} as Record<CallerLine, Buffer>;

  beforeAll(async () => {
    const espeak = await requireEspeak();
    for (const [name, [voice, text]] of Object.entries(BUSINESS) as [BusinessLine, (typeof BUSINESS)[BusinessLine]][]) {
      businessAudio[name] = await speechMuLaw(espeak, text, voice);
      transcriber.add(text, businessAudio[name]);
    }
    for (const [name, text] of Object.entries(CALLER) as [CallerLine, string][]) callerAudio[name] = await speechMuLaw(espeak, text, 'caller');

    twilio = await TwilioStandIn.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, ringMs: 1100 });
    // Server voice detection ends a turn after 500 ms of silence, as the API's default does; espeak's pauses between sentences are shorter.
    realtime = new RealtimeStandInServer({ apiKey: OPENAI_KEY, vadSilenceMs: 500 });
    realtime.onServerEvent((event) => modelSent.push((event as { type: string }).type));
    const realtimeUrl = await realtime.start();
    const port = await freePort();
    t = await startTestApp({
      ...HIGH_LIMITS,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: '+13125550147',
      TWILIO_API_URL: twilio.url,
      TWILIO_CALLS_PER_SECOND: '5',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_REALTIME_URL: realtimeUrl,
      CALL_MAX_ATTEMPTS: '1',
    });
    owner = await newVisitor(t.app);
    auth = (await signUpIn(owner)).auth;
  }, 30_000);

  afterAll(async () => {
    await t?.close();
    await twilio?.close();
    await realtime?.stop();
  });

  const get = (path: string) => owner.get(path).set(auth);

  /** The model's side: each business line it recognises gets its reply, once. */
  function modelReplies(replies: Partial<Record<BusinessLine, StandInReply>>): void {
    const answered = new Set<string>();
    const byText = new Map(Object.entries(replies).map(([line, reply]) => [BUSINESS[line as BusinessLine][1] as string, reply]));
    realtime.script = {
      transcribe: (audio) => transcriber.transcribe(audio),
      onHeard: (heard) => {
        if (answered.has(heard)) return null;
        answered.add(heard);
        return byText.get(heard) ?? null;
      },
    };
  }
  const says = (line: CallerLine, tool?: StandInReply['tool']): StandInReply => ({ audio: callerAudio[line], transcript: CALLER[line], ...(tool ? { tool } : {}) });
  const turn = (cue: BusinessTurn['cue'], line: BusinessLine): BusinessTurn => ({ cue, audio: businessAudio[line] });

  /** Starts a test call as the signed-in owner and follows it until it is analysed, noting every status it showed. */
  async function call(phoneNumber: string, scenario: StandInScenario, turns: BusinessTurn[]) {
    twilio.scenario = scenario;
    twilio.conversation = turns;
    const started = await owner.post('/api/call-management/test-call/', { phone_number: phoneNumber }).set(auth);
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const statuses = [started.body.status as string];
    const followed: ApiView = async (path) => {
      const res = await get(path);
      if (statuses.at(-1) !== res.body.status) statuses.push(res.body.status);
      return res;
    };
    const view = await settledCall(followed, id, 25_000);
    const placed = twilio.calls.find((c) => String(c.params.StatusCallback).includes(`/calls/${id}/`))!;
    return { view, statuses, placed };
  }

  const spoken = (transcript: { speaker: string; text: string }[]) => transcript.map((segment) => [segment.speaker, segment.text]);

  it('goes through the menu by keypress, holds the conversation, hangs up after the goodbye; report, recording and analysis follow', async () => {
    modelReplies({
      menu: { tool: { name: 'press_keys', arguments: { digits: '1' } } },
      greeting: says('question'),
      answer: says('thanks', { name: 'end_call', arguments: { reason: 'goal_reached' } }),
    });
    const { view, statuses, placed } = await call('(646) 555-0271', 'human', [
      turn('answer', 'menu'),
      turn({ keys: '1' }, 'greeting'),
      turn('reply', 'answer'),
    ]);

    expect(statuses).toEqual(['queued', 'in_progress', 'completed']);
    expect(view).toMatchObject({ status: 'completed', provider: 'twilio', sandbox: false, answered_by: 'human', to_number: '+16465550271' });
    expect(view.analysis).toMatchObject({ connection_status: 'answered', attempts_before_pickup: 1, rings_before_pickup: 1, analyzer: 'rubric' });
    expect(view.analysis.time_to_first_ring).toBeGreaterThanOrEqual(0);
    expect(view.analysis.time_to_answer - view.analysis.time_to_first_ring).toBeGreaterThanOrEqual(1000);
    expect(view.analysis.report).toEqual(expect.objectContaining({ summary: expect.any(String), overallScore: expect.any(Number) }));

    // Both sides, in the order they spoke; the keypress is on the record too.
    const ordered = [...view.transcript].sort((a, b) => a.startMs - b.startMs);
    expect(spoken(ordered)).toEqual([
      ['business', BUSINESS.menu[1]],
      ['business', BUSINESS.greeting[1]],
      ['caller', CALLER.question],
      ['business', BUSINESS.answer[1]],
      ['caller', CALLER.thanks],
    ]);
    expect(view.transcript).toEqual(ordered);
    for (const segment of view.transcript) expect(segment.endMs).toBeGreaterThan(segment.startMs);
    expect(view.timeline).toContainEqual(expect.objectContaining({ kind: 'ivr', text: 'Pressed 1 in the phone menu' }));

    // We hung up once our goodbye had played: the line heard all of it, and the keypress as tones.
    expect(placed.updates).toEqual(['completed']);
    expect(placed.streamClosedBy).toBe('stand-in');
    const line = placed.conversation!;
    const onLine = Buffer.concat(line.caller);
    expect(detectDtmf(pcmFromMuLaw(onLine))).toBe('1');
    expect(Buffer.concat(placed.outbound).length).toBe(dtmfMuLaw('1').length + callerAudio.question.length + callerAudio.thanks.length);
    expect(line.clears).toBe(0);
    // One model session for the call, on the configured model, closed with it.
    expect(realtime.requestedModels).toEqual(['gpt-realtime']);
    await eventually('the model session to close', () => realtime.openConnections === 0, { timeoutMs: 2000 });

    const recording = await get(view.analysis.recording_url).buffer(true);
    expect(recording.status).toBe(200);
    // The carrier's dual-channel WAV is stored as MP3.
    expect(recording.headers['content-type']).toBe('audio/mpeg');
    expect(readMp3Frames(recording.body)).toMatchObject({ sampleRate: 8000, channels: 1, bitratesKbps: [8] });
    const range = await get(view.analysis.recording_url).set('Range', 'bytes=0-71').buffer(true);
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-71/${recording.body.length}`);
    expect(range.body.equals(recording.body.subarray(0, 72))).toBe(true);

    const stranger = await newVisitor(t.app);
    const strangerAccount = await signUpIn(stranger, { first_name: 'Sam' });
    expect((await stranger.get(view.analysis.recording_url).set(strangerAccount.auth)).status).toBe(403);
    expect((await stranger.get(view.analysis.recording_url)).status).toBe(403);
  }, 40_000);

  it('hangs up on a voicemail greeting at once: no message is left and nothing the caller said is recorded', async () => {
    // The model would answer the greeting if the call lived long enough for it to hear the end of it.
    modelReplies({ voicemail: says('hello') });
    const sentBefore = modelSent.length;
    const { view, statuses, placed } = await call('(646) 555-0272', 'voicemail', [turn('answer', 'voicemail')]);

    expect(statuses).toEqual(['queued', 'in_progress', 'completed']);
    expect(view).toMatchObject({ status: 'completed', sandbox: false, answered_by: 'voicemail' });
    expect(view.analysis).toMatchObject({ connection_status: 'voicemail', rings_before_pickup: 1 });
    expect(view.transcript.filter((segment: { speaker: string }) => segment.speaker === 'caller')).toEqual([]);
    expect(placed.updates).toEqual(['completed']);
    expect(placed.outbound).toEqual([]);
    // Hung up well before the greeting (and its beep) was over.
    expect(placed.conversation!.business.length * 160).toBeLessThan(businessAudio.voicemail.length);
    expect(modelSent.slice(sentBefore)).not.toContain('response.created');
  }, 20_000);

  it('stops talking when the business talks over it, and the record shows where it was cut off', async () => {
    modelReplies({
      greeting: says('longQuestion'),
      closed: says('okayBye', { name: 'end_call', arguments: { reason: 'closed' } }),
    });
    const { view, placed } = await call('(646) 555-0273', 'human', [turn('answer', 'greeting'), turn({ overCallerMs: 1200 }, 'closed')]);

    expect(view).toMatchObject({ status: 'completed', sandbox: false, answered_by: 'human' });
    expect(view.analysis.connection_status).toBe('answered');
    const [, cutOff, interruption] = view.transcript;
    expect(spoken(view.transcript)).toEqual([
      ['business', BUSINESS.greeting[1]],
      ['caller', cutOff.text],
      ['business', BUSINESS.closed[1]],
      ['caller', CALLER.okayBye],
    ]);
    // Only the words that were out before the business cut in.
    expect(cutOff.text.length).toBeGreaterThan(0);
    expect(CALLER.longQuestion.startsWith(cutOff.text)).toBe(true);
    expect(cutOff.text.length).toBeLessThan(CALLER.longQuestion.length / 2);
    const fullMs = callerAudio.longQuestion.length / 8;
    expect(cutOff.endMs - cutOff.startMs).toBeLessThan(fullMs / 2);
    expect(cutOff.endMs).toBeLessThanOrEqual(interruption.startMs + 300);

    // Twilio was told to drop the rest of the question, so the line (and the recording) never played it.
    const line = placed.conversation!;
    expect(line.clears).toBe(1);
    const played = line.caller.filter((frame) => frame.some((byte) => byte !== 0xff)).length * 160;
    expect(played).toBeLessThan(callerAudio.longQuestion.length / 2 + callerAudio.okayBye.length);
    expect(placed.updates).toEqual(['completed']);
    expect(view.analysis.report).toEqual(expect.objectContaining({ overallScore: expect.any(Number) }));
  }, 30_000);
});
