import type { FormParams } from './twilio-signature';
import { callbackPath, mediaStreamUrl } from './twilio-routes';
import type { TwilioSettings } from './twilio-settings';
import { connectStreamTwiml } from './twiml';

/** `<Parameter>` names the media stream's `start` message carries back to us. */
export const STREAM_CALL_ID = 'callId';
export const STREAM_TOKEN = 'token';

/**
 * The form of `POST /2010-04-01/Accounts/{sid}/Calls.json` for one call: status, answering-machine and
 * recording callbacks to our webhooks, and TwiML that connects the answered call to our media stream.
 */
export function callCreationParams(settings: TwilioSettings, call: { callId: string; to: string; streamToken: string }): FormParams {
  const url = (callback: 'status' | 'amd' | 'recording') => settings.publicUrl + callbackPath(call.callId, callback, settings.nodeRoute);
  return {
    To: call.to,
    From: settings.fromNumber,
    Twiml: connectStreamTwiml(mediaStreamUrl(settings.publicUrl, settings.nodeRoute), { [STREAM_CALL_ID]: call.callId, [STREAM_TOKEN]: call.streamToken }),
    StatusCallback: url('status'),
    StatusCallbackMethod: 'POST',
    StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    MachineDetection: 'Enable',
    AsyncAmd: 'true',
    AsyncAmdStatusCallback: url('amd'),
    AsyncAmdStatusCallbackMethod: 'POST',
    Record: 'true',
    RecordingChannels: 'dual',
    RecordingStatusCallback: url('recording'),
    RecordingStatusCallbackMethod: 'POST',
    RecordingStatusCallbackEvent: 'completed',
    Timeout: String(settings.ringTimeoutSeconds),
    TimeLimit: String(settings.maxDurationSeconds),
  };
}
