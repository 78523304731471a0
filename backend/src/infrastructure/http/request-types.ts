import type { IncomingMessage, ServerResponse } from 'node:http';

/** The parts of Express's request this layer reads, typed on Node's own request. */
export type HttpRequest = IncomingMessage & { ip?: string; originalUrl?: string };
export type HttpResponse = ServerResponse;

/** Path without the query string; `originalUrl` survives Express's mount-point rewriting. */
export function requestPath(request: HttpRequest): string {
  return (request.originalUrl ?? request.url ?? '/').split('?')[0];
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export function firstHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
