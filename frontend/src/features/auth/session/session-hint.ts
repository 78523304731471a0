import { readCookie } from '../../../api/cookies';

/**
 * The readable cookie the server sets beside the httpOnly refresh cookie, and clears with it (named as in
 * `backend/src/identity/api/refresh-cookie.ts`). It holds no token: it only tells the web app there is a
 * session to restore, so a signed-out visitor's page load does not ask for one and get a 401.
 */
export const SESSION_HINT_COOKIE = 'rc_session';

export function browserHasSessionHint(): boolean {
  return typeof document !== 'undefined' && readCookie(document.cookie, SESSION_HINT_COOKIE) === '1';
}
