/** Where a visitor goes after signing in on the sign-in page, when no guarded page sent them. */
export const DEFAULT_RETURN_PATH = '/getting-started';

const THIS_APP = 'http://this-app.invalid';

/**
 * A guarded page's path to come back to; anything that a browser would resolve to another origin
 * ('//host', '/\host', a path with a tab or line break in it, a full URL) goes to the default.
 */
export function returnPathOf(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return DEFAULT_RETURN_PATH;
  // The URL parser drops tabs and line breaks and reads '\' as '/', exactly as the browser will.
  const url = new URL(value, THIS_APP);
  return url.origin === THIS_APP ? `${url.pathname}${url.search}${url.hash}` : DEFAULT_RETURN_PATH;
}
