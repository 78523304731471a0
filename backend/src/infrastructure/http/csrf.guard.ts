import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import { ApiException } from './api.exception';
import { parseCookies } from './cookies';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAMES, CSRF_TOKEN_PATTERN, SAFE_METHODS } from './csrf.constants';
import { CSRF_EXEMPT } from './csrf-exempt.decorator';
import { firstHeader, type HttpRequest, isApiPath, requestPath } from './request-types';

/**
 * Double-submit check: a state-changing request under /api must send the `csrftoken` cookie's value
 * in X-CSRFToken (or X-CSRF-Token), both in the format of the tokens this server issues. A guard rather
 * than a middleware so handlers can opt out with `@CsrfExempt()`.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    if (SAFE_METHODS.has((request.method ?? 'GET').toUpperCase())) return true;
    if (!isApiPath(requestPath(request))) return true;
    if (this.reflector.getAllAndOverride<boolean>(CSRF_EXEMPT, [context.getHandler(), context.getClass()])) return true;

    const cookie = parseCookies(request.headers.cookie)[CSRF_COOKIE_NAME];
    const header = CSRF_HEADER_NAMES.map((name) => firstHeader(request, name)).find(Boolean);
    if (!wellFormed(cookie) || !wellFormed(header) || !sameToken(cookie, header)) {
      throw new ApiException(403, { error: 'csrf_failed', detail: 'CSRF token missing or incorrect.' });
    }
    return true;
  }
}

function wellFormed(token: string | undefined): token is string {
  return token !== undefined && CSRF_TOKEN_PATTERN.test(token);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
