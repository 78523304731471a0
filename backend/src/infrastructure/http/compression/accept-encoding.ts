/** The compressed codings the server sends: the web app's copies, and JSON answers. */
export type ContentCoding = 'br' | 'gzip';

/** Each coding an Accept-Encoding header names, with its weight (q); `x-gzip` is gzip. A malformed weight leaves the entry out. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const weight = /^q\s*=\s*(.*)$/.exec(param);
      if (weight) q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(weight[1]) ? Number(weight[1]) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    named.set(coding === 'x-gzip' ? 'gzip' : coding, q);
  }
  return named;
}

/** Best first. */
const BY_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The compressed coding to send for a request's Accept-Encoding (RFC 9110, 12.5.3), among those
 * `available` (a file's copies; both for a JSON answer): the one weighted highest (by its own weight or that of `*`), Brotli on a tie, only
 * above zero; null (send it as it is) without the header or when none is acceptable. Browsers
 * weigh both alike (`gzip, deflate, br, zstd`), so they get Brotli, the smaller.
 */
export function preferredCoding(header: string | undefined, available: ReadonlySet<ContentCoding> = new Set(BY_PREFERENCE)): ContentCoding | null {
  if (!header) return null;
  const named = weights(header);
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of BY_PREFERENCE) {
    const weight = named.get(coding) ?? named.get('*') ?? 0;
    if (available.has(coding) && weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
