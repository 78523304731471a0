import { WebSocket } from 'ws';
import { twilioSettingsOf, TwilioTelephony } from '../src/calls/adapters/twilio';
import { FakeRealtimeAgent } from '../src/calls/adapters/twilio/testing/fake-realtime-agent.fixture';
import { type StandInScenario, TwilioStandIn } from '../src/calls/adapters/twilio/testing/twilio-stand-in.fixture';
import { DialingGate } from '../src/calls/dialing-policy';
import { TELEPHONY } from '../src/calls/ports/telephony';
import { readMp3Frames } from '../src/calls/recording/mp3-frames';
import { APP_CONFIG, type AppConfig } from '../src/infrastructure/config';
import { eventually } from './eventually';
import { HIGH_LIMITS } from './high-limits';
import { completedDiscovery, settledCall } from './settled';
import { type TestApp, type TestVisitor, newVisitor, startTestApp, signUpIn } from './test-app';
import { freePort } from './free-port';

const ACCOUNT_SID = `AC${'1a'.repeat(16)}`;
const AUTH_TOKEN = 'stand-in-auth-token-0123456789ab';


describe('calls through Twilio (a stand-in on loopback)', () => {
  let t: TestApp;
  let standIn: TwilioStandIn;
  let visitor: TestVisitor;
  let auth: Record<string, string>;
  const agent = new FakeRealtimeAgent();

  beforeAll(async () => {
    standIn = await TwilioStandIn.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, ringMs: 1300 });
    const port = await freePort();
    t = await startTestApp(
      {
        ...HIGH_LIMITS,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // As behind nginx with several nodes: Twilio's requests name this node.
        NODE_ROUTE: `127.0.0.1:${port}`,
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: '+13125550147',
        TWILIO_API_URL: standIn.url,
        OPENAI_API_KEY: 'sk-test-not-a-real-key',
        TWILIO_CALLS_PER_SECOND: '5',
        CALL_MAX_ATTEMPTS: '1',
        SANDBOX_RECORDING_SPEECH: 'off',
      },
      {
        override: (module) =>
          module
            .overrideProvider(TELEPHONY)
            .useFactory({ inject: [APP_CONFIG], factory: (config: AppConfig) => new TwilioTelephony(twilioSettingsOf(config)!, agent, { recordingWaitMs: 5000 }) })
            // The bundled directory's numbers are fictional (555-01xx), which the dialing policy rightly refuses
            // for a real carrier; here they reach the stand-in. The policy has its own tests.
            .overrideProvider(DialingGate)
            .useValue({ screen: () => null, admit: (target: unknown, _field: string, start: (target: unknown) => unknown) => start(target) }),
      },
    );
    visitor = await newVisitor(t.app);
    auth = (await signUpIn(visitor)).auth;
  }, 30_000);

  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const get = (path: string) => visitor.get(path).set(auth);
  const post = (path: string, body: object = {}) => visitor.post(path, body).set(auth);

  async function startCall(scenario: StandInScenario) {
    standIn.scenario = scenario;
    const discovery = await post('/api/discoveries/', { business_name: 'Pizza Palace', location: 'New York, NY' });
    const results = await completedDiscovery(get, discovery.body.id);
    const call = await post('/api/call-management/secret-shopper-call/', { discovery_id: results.id, place_result_id: results.place_search_results[0].id });
    expect(call.status).toBe(201);
    return call.body.id as string;
  }

  const finished = (callId: string) => settledCall(get, callId);

  const standInCall = (callId: string) => standIn.calls.find((c) => String(c.params.StatusCallback).includes(`/calls/${callId}/`))!;

  it('closes a media stream whose start carries no valid token', async () => {
    const ws = new WebSocket(`${t.config.publicUrl!.replace('http', 'ws')}/api/twilio/media-stream`);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
    ws.send(JSON.stringify({ event: 'start', sequenceNumber: '1', streamSid: 'MZ1', start: { streamSid: 'MZ1', accountSid: ACCOUNT_SID, callSid: 'CA1', tracks: ['inbound'], customParameters: { callId: 'call_x', token: 'guess' }, mediaFormat: {} } }));
    const [code] = await new Promise<[number]>((resolve) => ws.once('close', (closeCode) => resolve([closeCode])));
    expect(code).toBe(1008);
  });

  it('names the adapter in /api/health', async () => {
    const health = await t.agent.get('/api/health');
    expect(health.body.ports.telephony).toMatchObject({ adapter: 'twilio', state: 'up' });
  });

  it('places a call answered by a person: timing from the callbacks, the conversation over the media stream, the recording', async () => {
    agent.hangUpAfterMs = 700;
    const callId = await startCall('human');
    const call = await finished(callId);
    expect(call).toMatchObject({ status: 'completed', provider: 'twilio', sandbox: false, answered_by: 'human' });
    expect(call.twilio_sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(call.analysis).toMatchObject({ connection_status: 'answered', attempts_before_pickup: 1, rings_before_pickup: 1 });
    expect(call.analysis.time_to_first_ring).toBeGreaterThanOrEqual(0);
    expect(call.analysis.time_to_answer - call.analysis.time_to_first_ring).toBeGreaterThanOrEqual(1000);
    expect(call.transcript).toEqual([expect.objectContaining({ speaker: 'caller', text: 'Hi, do you have a table for two tonight?' })]);

    const placed = standInCall(callId);
    expect(placed.params).toMatchObject({
      To: call.to_number,
      From: '+13125550147',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      MachineDetection: 'Enable',
      AsyncAmd: 'true',
      Record: 'true',
      RecordingChannels: 'dual',
      Timeout: '30',
      TimeLimit: '300',
    });
    const routed = `${t.config.publicUrl}/api/twilio/node/127.0.0.1%3A${new URL(t.config.publicUrl!).port}`;
    expect(placed.params.StatusCallback).toBe(`${routed}/calls/${callId}/status`);
    expect(placed.params.Twiml).toContain(`<Connect><Stream url="${routed.replace('http', 'ws')}/media-stream">`);
    expect(placed.updates).toEqual(['completed']);
    expect(Buffer.concat(placed.outbound).length).toBe(25 * 160);
    expect(placed.marks).toEqual(['line-1']);
    const session = agent.sessions.at(-1)!;
    expect(session).toMatchObject({ attached: true, closed: true });
    expect(session.mediaFrames).toBeGreaterThan(10);
    expect(session.received).toContain('dtmf');

    const recording = await get(call.analysis.recording_url).buffer(true);
    expect(recording.status).toBe(200);
    expect(recording.headers['content-type']).toBe('audio/mpeg');
    expect(readMp3Frames(recording.body)).toMatchObject({ sampleRate: 8000, channels: 1, bitratesKbps: [8] });
  }, 30_000);

  it('hangs up on voicemail at once and reports it', async () => {
    agent.hangUpAfterMs = 30_000;
    const callId = await startCall('voicemail');
    const call = await finished(callId);
    expect(call.status).toBe('completed');
    expect(call.analysis.connection_status).toBe('voicemail');
    expect(call.answered_by).toBe('voicemail');
    expect(standInCall(callId).updates).toEqual(['completed']);
    expect(call.duration_ms - call.analysis.time_to_answer).toBeLessThan(5000);
  }, 30_000);

  it.each([
    ['busy', 'busy'],
    ['no_answer', 'no_answer'],
  ] as const)('reports a %s line', async (scenario, status) => {
    const callId = await startCall(scenario);
    const call = await finished(callId);
    expect(call.status).toBe('completed');
    expect(call.analysis.connection_status).toBe(status);
    expect(call.analysis.recording_url ?? null).toBeNull();
  }, 30_000);

  it('reports the business hanging up', async () => {
    agent.hangUpAfterMs = 30_000;
    const callId = await startCall('business_hangs_up');
    const call = await finished(callId);
    expect(call.analysis.connection_status).toBe('answered');
    expect(standInCall(callId).updates).toEqual([]);
    expect(standInCall(callId).streamClosedBy).toBe('stand-in');
  }, 30_000);

  it('cancels mid-call; forged, unsigned and replayed webhooks change nothing; late callbacks are ignored', async () => {
    agent.hangUpAfterMs = 30_000;
    const callId = await startCall('human');
    const live = await eventually(`call ${callId} to have a transcript`, async () => (await get(`/api/call-management/calls/${callId}/`)).body, {
      until: (call) => call.transcript?.length > 0,
      timeoutMs: 20_000,
    });
    const placed = standInCall(callId);
    const statusUrl = String(placed.params.StatusCallback);
    const completed = { AccountSid: ACCOUNT_SID, CallSid: placed.sid, CallStatus: 'completed', CallDuration: '9', Timestamp: new Date().toUTCString() };

    expect(await standIn.post(statusUrl, completed, 'forged+signature/AAAAAAAAAAAAAA=')).toBe(403);
    expect(await standIn.post(statusUrl, completed, null)).toBe(403);
    const ringing = standIn.callbacks.find((c) => c.url === statusUrl && c.params.CallStatus === 'ringing')!;
    expect(await standIn.post(ringing.url, ringing.params, ringing.signature)).toBe(403);
    // Signed anew (another sequence number), a late 'ringing' is accepted and ignored.
    expect(await standIn.post(statusUrl, { ...ringing.params, SequenceNumber: '99' })).toBe(204);
    // The node answers Twilio's requests without its route too.
    expect(await standIn.post(statusUrl.replace(/\/node\/[^/]+/, ''), { ...ringing.params, SequenceNumber: '100' })).toBe(204);
    const after = (await get(`/api/call-management/calls/${callId}/`)).body;
    expect(after).toMatchObject({ status: 'in_progress', ring_count: live.ring_count, answered_by: 'human' });
    // The call goes on meanwhile (a menu may be answered): what it had is unchanged and no ring was added.
    const kinds = (timeline: { kind: string }[]) => timeline.map((entry) => entry.kind);
    expect(after.timeline.slice(0, live.timeline.length)).toEqual(live.timeline);
    expect(kinds(after.timeline).filter((kind: string) => kind === 'ringing')).toEqual(kinds(live.timeline).filter((kind) => kind === 'ringing'));

    const canceled = await post(`/api/call-management/calls/${callId}/cancel_call/`);
    expect(canceled.status).toBe(200);
    const call = await finished(callId);
    expect(call.status).toBe('canceled');
    await placed.done;
    expect(placed.updates).toEqual(['completed']);
  }, 40_000);
});
