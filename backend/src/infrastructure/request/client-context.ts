import { randomUUID } from 'node:crypto';
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

const header = (request: Request, name: string): string | null => {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 512 ? first : null;
};

export function clientContextOf(request: Request): ClientContext {
  const anonHeader = header(request, 'x-anonymous-id');
  const claimed = anonHeader && isId(anonHeader, 'anon_') ? parseId(anonHeader, 'anon_') : null;
  const proven = provenAnonIdsOf(request);
  const requestId = header(request, 'x-request-id');
  const authUser = (request as Request & { user?: { id: string } }).user;
  return {
    // The header picks among the proven ids; a stale, malformed or unproven one falls back to the newest.
    anonId: claimed && proven.includes(claimed) ? claimed : (proven[0] ?? null),
    provenAnonIds: proven,
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
