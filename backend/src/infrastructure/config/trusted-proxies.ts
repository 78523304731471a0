import { isIP } from 'node:net';
import { z } from 'zod';

/** Express's names for address ranges ("trust proxy" setting). */
export const TRUST_PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'] as const;

function isProxyEntry(entry: string): boolean {
  if ((TRUST_PROXY_KEYWORDS as readonly string[]).includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: comma-separated addresses, CIDR ranges and Express keywords of the proxies whose
 * X-Forwarded-For is believed. Anything broader (`true`, hop counts) would let any client pick the
 * address its limits count against, so it is refused.
 */
export const trustedProxies = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries.filter((entry) => !isProxyEntry(entry))) {
    ctx.addIssue({
      code: 'custom',
      message: `'${entry}' is not an IP address, a CIDR range such as 10.0.0.0/8, or one of ${TRUST_PROXY_KEYWORDS.join(', ')}`,
    });
  }
  return entries;
});
