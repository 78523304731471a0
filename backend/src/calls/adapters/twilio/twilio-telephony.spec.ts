import { RedisNodeMessages } from '../../../infrastructure/messaging';
import type { CallProgress } from '../../ports/telephony';
import { FakeRealtimeAgent } from './testing/fake-realtime-agent.fixture';
import { TwilioStandIn } from './testing/twilio-stand-in.fixture';
import { TwilioTelephony } from './twilio-telephony';
import type { TwilioSettings } from './twilio-settings';
import { twilioSignature } from './twilio-signature';
import { businessOfCategory } from '../voice-agent/category-business.fixture';

const ACCOUNT_SID = `AC${'2b'.repeat(16)}`;
const AUTH_TOKEN = 'stand-in-auth-token-0123456789ab';

describe('TwilioTelephony', () => {
  let standIn: TwilioStandIn;
  beforeAll(async () => (standIn = await TwilioStandIn.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN })));
  afterAll(() => standIn.close());

  const settings = (): TwilioSettings => ({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    fromNumber: '+13125550147',
    apiUrl: standIn.url,
    publicUrl: 'http://127.0.0.1:9',
    nodeRoute: null,
    callsPerSecond: 1,
    ringTimeoutSeconds: 30,
    maxDurationSeconds: 300,
  });
  const request = (callId: string) => ({
    callId,
    to: '+13125550123',
    from: '+13125550147',
    business: { placeId: 'p1', ...businessOfCategory('plumber'), timeZone: null, utcOffsetMinutes: null, openingPeriods: [] },
    attempt: 1,
    timeScale: 1,
  });

  it('drops a call hung up while it waits for its turn: it is never dialled', async () => {
    const telephony = new TwilioTelephony(settings(), new FakeRealtimeAgent());
    const first = telephony.placeCall(request('call_a'), () => undefined);
    const second = telephony.placeCall(request('call_b'), () => undefined);
    const firstHandle = await first;
    telephony.shutdown();
    await expect(second).rejects.toThrow('withdrawn');
    expect(standIn.calls.map((c) => String(c.params.StatusCallback))).toEqual([expect.stringContaining('/calls/call_a/')]);
    await firstHandle.hangUp();
  });

  it('refuses to place a call without a realtime voice agent, and says so in its health', async () => {
    const telephony = new TwilioTelephony(settings(), null);
    await expect(telephony.placeCall(request('call_c'), () => undefined)).rejects.toThrow('voice agent');
    await expect(telephony.health()).resolves.toMatchObject({ adapter: 'twilio', state: 'degraded' });
  });

  it('refuses unsigned, forged and repeated webhooks', () => {
    const telephony = new TwilioTelephony(settings(), null);
    const url = 'http://127.0.0.1:9/api/twilio/calls/call_a/status';
    const params = { CallSid: 'CA1', CallStatus: 'ringing' };
    expect(telephony.checkWebhook(url, params, undefined)).toBe('forged');
    expect(telephony.checkWebhook(url, params, 'AAAA')).toBe('forged');
    const signature = twilioSignature(AUTH_TOKEN, url, params);
    expect(telephony.checkWebhook(url, params, signature)).toBe('accepted');
    expect(telephony.checkWebhook(url, params, signature)).toBe('replayed');
  });

  const redisUrl = process.env.REDIS_URL;
  (redisUrl ? it : it.skip)('hands a callback that reached another node to the node holding its call (nodes sharing Redis)', async () => {
    const [toA, toB] = [await RedisNodeMessages.connect(redisUrl!), await RedisNodeMessages.connect(redisUrl!)];
    const nodeA = new TwilioTelephony(settings(), new FakeRealtimeAgent(), { nodes: toA });
    const nodeB = new TwilioTelephony(settings(), null, { nodes: toB });
    const progress: CallProgress[] = [];
    try {
      const callId = `call_relay_${Date.now()}`;
      const handle = await nodeA.placeCall(request(callId), (step) => progress.push(step));
      const ringing = { AccountSid: ACCOUNT_SID, CallSid: handle.providerCallId, CallStatus: 'ringing', Timestamp: new Date().toUTCString() };
      // Another call's callback, and one carrying another call's sid, change nothing.
      nodeB.webhook('call_nobody_holds', 'status', ringing);
      nodeB.webhook(callId, 'status', { ...ringing, CallSid: `CA${'0'.repeat(32)}` });
      nodeB.webhook(callId, 'status', ringing);
      const deadline = Date.now() + 5000;
      while (!progress.some((step) => step.kind === 'ringing') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(progress.filter((step) => step.kind === 'ringing')).toEqual([expect.objectContaining({ kind: 'ringing', ring: 1 })]);
      await handle.hangUp();
    } finally {
      nodeA.shutdown();
      nodeB.shutdown();
      await toA.close();
      await toB.close();
    }
  });
});
