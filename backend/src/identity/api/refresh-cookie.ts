import type { Request, Response } from 'express';
import { parseCookies } from '../../infrastructure/http';

export const REFRESH_COOKIE_NAME = 'rc_refresh';
/** Only the auth endpoints (refresh, sign-out) ever receive the refresh token. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface RefreshCookieOptions {
  secure: boolean;
}

function write(response: Response, value: string, maxAgeSeconds: number, options: RefreshCookieOptions): void {
  const attributes = [
    `${REFRESH_COOKIE_NAME}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ];
  response.appendHeader('Set-Cookie', attributes.join('; '));
}

export function setRefreshCookie(response: Response, token: string, expiresAt: string, options: RefreshCookieOptions): void {
  write(response, token, Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)), options);
}

export function clearRefreshCookie(response: Response, options: RefreshCookieOptions): void {
  write(response, '', 0, options);
}

export function refreshTokenOf(request: Request): string | null {
  return parseCookies(request.headers.cookie)[REFRESH_COOKIE_NAME] || null;
}
