import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { errorCodeFor } from './error-codes';
import { takeRequestListeners } from './request-listeners';
import { sendApiError } from './send-api-error';

/** Sent by the web app with its reads: the newest log position it was pushed, which its reads must reflect. */
export const SEEN_POSITION_HEADER = 'x-seen-position';
const WHOLE_NUMBER = /^\d{1,15}$/;

/**
 * Holds a GET carrying X-Seen-Position until the read models hold that position (`written` bounds the
 * wait), ahead of every other request listener on `server`. Others pass straight through.
 */
export function readAfterSeenPosition(server: Server, written: (position: number) => Promise<void>): void {
  const handle = takeRequestListeners(server);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const seen = request.headers[SEEN_POSITION_HEADER];
    if (seen === undefined || request.method !== 'GET') return handle(request, response);
    if (typeof seen !== 'string' || !WHOLE_NUMBER.test(seen)) {
      return sendApiError(response, { status: 400, body: { error: errorCodeFor(400), detail: 'X-Seen-Position must be a whole number (a log position).' } });
    }
    written(Number(seen)).then(
      () => handle(request, response),
      () => handle(request, response),
    );
  });
}
