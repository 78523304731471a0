import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form body as Twilio posts it: repeated keys hold several values. */
export type FormParams = Record<string, string | string[]>;

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL followed by every
 * POST parameter, sorted by name, as name then value (a repeated name once per value, values sorted).
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const values = ([] as string[]).concat(params[key]!).sort();
    for (const value of values) data += key + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(authToken: string, url: string, params: FormParams, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
