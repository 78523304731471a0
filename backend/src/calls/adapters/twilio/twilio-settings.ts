import type { AppConfig } from '../../../infrastructure/config';

/** What the Twilio adapter needs; present only when the configuration names a complete Twilio account. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** REST API base URL, no trailing slash. */
  apiUrl: string;
  /** Where Twilio reaches the app (webhooks and the media stream), no trailing slash. */
  publicUrl: string;
  /** This node's name in the balancer's routing, carried by the call's callback and media stream URLs. */
  nodeRoute: string | null;
  callsPerSecond: number;
  ringTimeoutSeconds: number;
  maxDurationSeconds: number;
}

export function twilioSettingsOf(config: AppConfig): TwilioSettings | null {
  const { twilioAccountSid, twilioAuthToken, twilioFromNumber, publicUrl } = config;
  if (!twilioAccountSid || !twilioAuthToken || !twilioFromNumber || !publicUrl) return null;
  return {
    accountSid: twilioAccountSid,
    authToken: twilioAuthToken,
    fromNumber: twilioFromNumber,
    apiUrl: config.twilioApiUrl,
    publicUrl,
    nodeRoute: config.nodeRoute ?? null,
    callsPerSecond: config.twilioCallsPerSecond,
    ringTimeoutSeconds: config.callRingTimeoutSeconds,
    maxDurationSeconds: config.callMaxDurationSeconds,
  };
}
