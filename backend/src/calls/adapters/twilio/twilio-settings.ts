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
    callsPerSecond: config.twilioCallsPerSecond,
    ringTimeoutSeconds: config.callRingTimeoutSeconds,
    maxDurationSeconds: config.callMaxDurationSeconds,
  };
}
