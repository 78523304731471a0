import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { TELEPHONY } from '../../ports/telephony';
import { describeTelephonyContract, type LineScenario } from '../../ports/telephony.contract';
import { businessOfCategory } from '../voice-agent/category-business.fixture';
import { TwilioMediaStreamLifecycle } from './media-stream.lifecycle';
import { ListeningRealtimeAgent } from './testing/listening-realtime-agent.fixture';
import { type StandInScenario, TwilioStandIn } from './testing/twilio-stand-in.fixture';
import { TwilioTelephony } from './twilio-telephony';
import type { TwilioSettings } from './twilio-settings';
import { TwilioWebhooksController } from './twilio-webhooks.controller';

const ACCOUNT_SID = `AC${'3c'.repeat(16)}`;
const AUTH_TOKEN = 'stand-in-auth-token-0123456789ab';

const SCENARIOS: Record<LineScenario, StandInScenario> = { person: 'human', voicemail: 'voicemail', busy: 'busy', no_answer: 'no_answer' };

describeTelephonyContract('twilio', async () => {
  const standIn = await TwilioStandIn.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, ringMs: 700 });
  const settings: TwilioSettings = {
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    fromNumber: '+13125550147',
    apiUrl: standIn.url,
    publicUrl: '',
    nodeRoute: null,
    callsPerSecond: 50,
    ringTimeoutSeconds: 30,
    maxDurationSeconds: 300,
  };
  const telephony = new TwilioTelephony(settings, new ListeningRealtimeAgent({ businessWords: standIn.businessWords }), { recordingWaitMs: 5000 });
  // Only what Twilio reaches: the webhooks and the media stream, on an HTTP server of their own.
  const moduleRef = await Test.createTestingModule({
    controllers: [TwilioWebhooksController],
    providers: [{ provide: TELEPHONY, useValue: telephony }, TwilioMediaStreamLifecycle],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  await app.listen(0, '127.0.0.1');
  // The address Twilio is given is known once the server listens; calls read it when they are placed.
  settings.publicUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');

  let calls = 0;
  return {
    line: async (scenario) => {
      standIn.scenario = SCENARIOS[scenario];
      const business = { placeId: 'contract-place', ...businessOfCategory('pizza'), timeZone: null, utcOffsetMinutes: null, openingPeriods: [] };
      return { telephony, request: { callId: `call_contract_${scenario}_${++calls}`, to: '+13125550123', from: settings.fromNumber, business, attempt: 1, timeScale: 1 } };
    },
    cleanup: async () => {
      await app.close();
      await standIn.close();
    },
  };
});
