import type { IncomingMessage } from 'node:http';
import { ApiException } from '../../../infrastructure/http';
import type { FormParams } from './twilio-signature';

const MAX_FORM_BYTES = 64 * 1024;

/** Reads an `application/x-www-form-urlencoded` body (the JSON parser leaves it unread); repeated names become lists. */
export async function readFormBody(request: IncomingMessage): Promise<FormParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ApiException(415, { error: 'unsupported_media_type', detail: 'Webhooks are form-encoded.' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new ApiException(413, { error: 'payload_too_large', detail: 'The webhook body is too large.' });
    chunks.push(chunk);
  }
  return parseForm(Buffer.concat(chunks).toString('utf8'));
}

/** A form-encoded body's parameters; a repeated name becomes a list. */
export function parseForm(body: string): FormParams {
  const params: FormParams = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = params[key];
    params[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  return params;
}
