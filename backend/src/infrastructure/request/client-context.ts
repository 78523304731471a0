import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { CommandContext } from '../event-sourcing';
import { isId, parseId } from '../ids';

/** What the product knows about the caller of a request, from its device and identity headers. */
export interface ClientContext {
  anonId: string | null;
  userId: string | null;
  correlationId: string;
  ip: string;
  userAgent: string | null;
  screenResolution: string | null;
  timezone: string | null;
}

const header = (request: Request, name: string): string | null => {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 512 ? first : null;
};

export function clientContextOf(request: Request): ClientContext {
  const anonHeader = header(request, 'x-anonymous-id');
  const requestId = header(request, 'x-request-id');
  const authUser = (request as Request & { user?: { id: string } }).user;
  return {
    // A stale or malformed stored id must not break the visitor's request: it is treated as absent.
    anonId: anonHeader && isId(anonHeader, 'anon_') ? parseId(anonHeader, 'anon_') : null,
    userId: authUser?.id ?? null,
    correlationId: requestId && /^[\w.-]{1,128}$/.test(requestId) ? requestId : randomUUID(),
    ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
    userAgent: header(request, 'user-agent'),
    screenResolution: header(request, 'x-screen-resolution'),
    timezone: header(request, 'x-timezone'),
  };
}

export function commandContextOf(client: ClientContext): CommandContext {
  return { actor: client.userId ?? client.anonId, correlationId: client.correlationId };
}

/** Injects the caller's ClientContext into a controller method. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  clientContextOf(context.switchToHttp().getRequest<Request>()),
);
