import type { ApiErrorAnswer } from './to-api-error';
import type { HttpResponse } from './request-types';

/** Writes an error answer: its status, its headers and the API's JSON error body. */
export function sendApiError(response: HttpResponse, { status, body, headers }: Pick<ApiErrorAnswer, 'status' | 'body' | 'headers'>): void {
  const payload = JSON.stringify(body);
  response.statusCode = status;
  for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(payload));
  response.end(payload);
}
