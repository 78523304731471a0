import type { Request, Response } from 'express';
import { parseCookies } from '../../infrastructure/http';

export const REFRESH_COOKIE_NAME = 'rc_refresh';
/** Only the auth endpoints (refresh, sign-out) ever receive the refresh token. */
export const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * A readable cookie that holds no secret, only says "this browser has a refresh cookie": set and cleared
 * with it, so the web app asks for a token on a page load only when there is a session to restore
 * (a signed-out visitor's page load then makes no failing request). The web app reads the same name.
 */
export const SESSION_HINT_COOKIE_NAME = 'rc_session';

export interface RefreshCookieOptions {
  secure: boolean;
}

function write(response: Response, cookie: string, maxAgeSeconds: number, options: RefreshCookieOptions): void {
  const attributes = [cookie, `Max-Age=${maxAgeSeconds}`, 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])];
  response.appendHeader('Set-Cookie', attributes.join('; '));
}

function writeBoth(response: Response, token: string, maxAgeSeconds: number, options: RefreshCookieOptions): void {
  write(response, `${REFRESH_COOKIE_NAME}=${token}; Path=${REFRESH_COOKIE_PATH}; HttpOnly`, maxAgeSeconds, options);
  write(response, `${SESSION_HINT_COOKIE_NAME}=${maxAgeSeconds > 0 ? '1' : ''}; Path=/`, maxAgeSeconds, options);
}

export function setRefreshCookie(response: Response, token: string, expiresAt: string, options: RefreshCookieOptions): void {
  writeBoth(response, token, Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)), options);
}

export function clearRefreshCookie(response: Response, options: RefreshCookieOptions): void {
  writeBoth(response, '', 0, options);
}

export function refreshTokenOf(request: Request): string | null {
  return parseCookies(request.headers.cookie)[REFRESH_COOKIE_NAME] || null;
}
