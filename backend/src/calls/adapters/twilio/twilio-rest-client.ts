import type { FormParams } from './twilio-signature';
import type { TwilioSettings } from './twilio-settings';

export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

/** The few Twilio REST calls the adapter makes: create a call, end it, download its recording. */
export class TwilioRestClient {
  private readonly authorization: string;

  constructor(private readonly settings: Pick<TwilioSettings, 'accountSid' | 'authToken' | 'apiUrl'>) {
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async createCall(params: FormParams): Promise<{ sid: string; status: string }> {
    const body = await this.post(this.callsUrl('Calls.json'), params);
    if (typeof body.sid !== 'string') throw new TwilioApiError(502, 'Twilio answered without a call SID');
    return { sid: body.sid, status: String(body.status ?? '') };
  }

  /** `canceled` ends a queued or ringing call, `completed` one in progress. */
  async updateCallStatus(callSid: string, status: 'canceled' | 'completed'): Promise<void> {
    await this.post(this.callsUrl(`Calls/${encodeURIComponent(callSid)}.json`), { Status: status });
  }

  /**
   * The recording as WAV. Only from the configured API's own origin: the account's credentials are never
   * sent anywhere else, whatever a callback names.
   */
  async downloadRecording(recordingUrl: string): Promise<Buffer> {
    const url = new URL(`${recordingUrl}.wav`);
    if (url.origin !== new URL(this.settings.apiUrl).origin) throw new TwilioApiError(400, `Recording URL is not on ${new URL(this.settings.apiUrl).origin}`);
    const response = await fetch(url, { headers: { Authorization: this.authorization }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok) throw new TwilioApiError(response.status, `Recording download answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  private callsUrl(path: string): string {
    return `${this.settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.settings.accountSid)}/${path}`;
  }

  private async post(url: string, params: FormParams): Promise<Record<string, unknown>> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const item of ([] as string[]).concat(value)) form.append(key, item);
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: this.authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const message = typeof body.message === 'string' ? body.message : `Twilio answered ${response.status}`;
      throw new TwilioApiError(response.status, message, typeof body.code === 'number' ? body.code : null);
    }
    return body;
  }
}
