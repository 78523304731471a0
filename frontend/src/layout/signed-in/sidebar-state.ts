import { readCookie } from '../../api/cookies';

export const SIDEBAR_COOKIE = 'sidebar:state';
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** Whether the sidebar was left expanded; expanded when nothing was saved. */
export function readSidebarExpanded(cookieString: string): boolean {
  return readCookie(cookieString, SIDEBAR_COOKIE) !== 'false';
}

/** The Set-Cookie style string that keeps the sidebar state for 7 days. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SEVEN_DAYS_S}; SameSite=Lax`;
}
