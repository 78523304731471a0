import { callCreationParams } from './call-creation-params';
import type { TwilioSettings } from './twilio-settings';

const settings: TwilioSettings = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'x'.repeat(32),
  fromNumber: '+13125550147',
  apiUrl: 'https://api.twilio.com',
  publicUrl: 'https://ringcheck.example.com',
  nodeRoute: null,
  callsPerSecond: 1,
  ringTimeoutSeconds: 25,
  maxDurationSeconds: 240,
};

describe('callCreationParams', () => {
  it('asks for every callback, answering-machine detection, a dual-channel recording and the media stream', () => {
    const params = callCreationParams(settings, { callId: 'call_1', to: '+13125550123', streamToken: 'to"ken&<' });
    expect(params).toMatchObject({
      To: '+13125550123',
      From: '+13125550147',
      StatusCallback: 'https://ringcheck.example.com/api/twilio/calls/call_1/status',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      MachineDetection: 'Enable',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: 'https://ringcheck.example.com/api/twilio/calls/call_1/amd',
      Record: 'true',
      RecordingChannels: 'dual',
      RecordingStatusCallback: 'https://ringcheck.example.com/api/twilio/calls/call_1/recording',
      Timeout: '25',
      TimeLimit: '240',
    });
    expect(params.Twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://ringcheck.example.com/api/twilio/media-stream">' +
        '<Parameter name="callId" value="call_1"/><Parameter name="token" value="to&quot;ken&amp;&lt;"/></Stream></Connect></Response>',
    );
  });

  it("sends Twilio's requests for the call to the node that placed it when nodes share the public URL", () => {
    const params = callCreationParams({ ...settings, nodeRoute: '10.0.0.12:3000' }, { callId: 'call_1', to: '+13125550123', streamToken: 't' });
    const base = 'https://ringcheck.example.com/api/twilio/node/10.0.0.12%3A3000';
    expect(params).toMatchObject({ StatusCallback: `${base}/calls/call_1/status`, AsyncAmdStatusCallback: `${base}/calls/call_1/amd`, RecordingStatusCallback: `${base}/calls/call_1/recording` });
    expect(params.Twiml).toContain('<Stream url="wss://ringcheck.example.com/api/twilio/node/10.0.0.12%3A3000/media-stream">');
  });
});
