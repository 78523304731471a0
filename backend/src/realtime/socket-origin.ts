/**
 * Whether a Socket.IO handshake may proceed, by the same rule as the REST API's CORS: the page's own
 * origin, or one of the configured origins (`*` allows any). A handshake without an Origin header
 * does not come from a browser page and carries no ambient browser credentials of another site.
 */
export function isSocketOriginAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
