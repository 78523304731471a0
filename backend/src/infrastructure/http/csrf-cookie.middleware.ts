import { randomBytes } from 'node:crypto';
import { parseCookies } from './cookies';
import { CSRF_COOKIE_MAX_AGE_SECONDS, CSRF_COOKIE_NAME, CSRF_TOKEN_PATTERN } from './csrf.constants';
import type { HttpRequest, HttpResponse } from './request-types';

export interface CsrfCookieOptions {
  /** Adds `Secure`; use it when the app is served over https. */
  readonly secure?: boolean;
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Express-style middleware giving every response a `csrftoken` cookie when the request has no valid one.
 * The cookie is readable by the web app (not HttpOnly), which copies it into the X-CSRFToken header of
 * state-changing requests. Mount it with `app.use(...)` ahead of static files so the first page load sets it.
 */
export function csrfCookieMiddleware(options: CsrfCookieOptions = {}) {
  return function csrfCookie(request: HttpRequest, response: HttpResponse, next: () => void): void {
    const current = parseCookies(request.headers.cookie)[CSRF_COOKIE_NAME];
    if (!current || !CSRF_TOKEN_PATTERN.test(current)) {
      const attributes = [
        `${CSRF_COOKIE_NAME}=${newCsrfToken()}`,
        'Path=/',
        `Max-Age=${CSRF_COOKIE_MAX_AGE_SECONDS}`,
        'SameSite=Lax',
        ...(options.secure ? ['Secure'] : []),
      ];
      response.appendHeader('Set-Cookie', attributes.join('; '));
    }
    next();
  };
}
