import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** Takes every `request` listener off `server`, for one put ahead of them: answers a listener that calls them all. */
export function takeRequestListeners(server: Server): RequestListener {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  return (request, response) => {
    for (const listener of listeners) listener.call(server, request, response);
  };
}
