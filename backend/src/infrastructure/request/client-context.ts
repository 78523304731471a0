import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type CommandContext, DomainError } from '../event-sourcing';
import { isId, parseId } from '../ids';
import { provenAnonIdsOf } from '../visitor/visitor-cookie';

/** What the product knows about the caller of a request, from its device and identity headers. */
export interface ClientContext {
  /** The visitor the browser proves it is (see VisitorProof); an id merely sent grants nothing. */
  anonId: string | null;
  /** Every visitor id the browser proves, newest first. */
  provenAnonIds: readonly string[];
  userId: string | null;
  correlationId: string;
  ip: string;
  userAgent: string | null;
  screenResolution: string | null;
  timezone: string | null;
}

/** What a client context is made of: the request's headers, its address and what its credentials proved. */
export interface ClientSource {
  headers: IncomingHttpHeaders;
  ip: string;
  userId: string | null;
  provenAnonIds: readonly string[];
}

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 512 ? first : null;
};

export function clientContextOf(request: Request): ClientContext {
  const authUser = (request as Request & { user?: { id: string } }).user;
  return clientContextFrom({
    headers: request.headers,
    ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
    userId: authUser?.id ?? null,
    provenAnonIds: provenAnonIdsOf(request),
  });
}

export function clientContextFrom({ headers, ip, userId, provenAnonIds }: ClientSource): ClientContext {
  const anonHeader = header(headers, 'x-anonymous-id');
  const claimed = anonHeader && isId(anonHeader, 'anon_') ? parseId(anonHeader, 'anon_') : null;
  const requestId = header(headers, 'x-request-id');
  return {
    // The header picks among the proven ids; a stale, malformed or unproven one falls back to the newest.
    anonId: claimed && provenAnonIds.includes(claimed) ? claimed : (provenAnonIds[0] ?? null),
    provenAnonIds,
    userId,
    correlationId: requestId && /^[\w.-]{1,128}$/.test(requestId) ? requestId : randomUUID(),
    ip,
    userAgent: header(headers, 'user-agent'),
    screenResolution: header(headers, 'x-screen-resolution'),
    timezone: header(headers, 'x-timezone'),
  };
}

export function commandContextOf(client: ClientContext): CommandContext {
  return { actor: client.userId ?? client.anonId, correlationId: client.correlationId };
}

/** Refuses a visitor id the caller does not prove it holds (403 naming the field). */
export function requireProvenVisitor(client: ClientContext, anonId: string, field: string): string {
  if (!client.provenAnonIds.includes(anonId)) {
    throw new DomainError('not_allowed', 'visitor_not_proven', 'This browser was not issued that visitor id, so it cannot act for it.', field);
  }
  return anonId;
}

/** Injects the caller's ClientContext into a controller method. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  clientContextOf(context.switchToHttp().getRequest<Request>()),
);
