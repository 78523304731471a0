import { createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../ids';

/** Most visitor ids one browser proves at once: the current one and a few it held before. */
export const MAX_PROVEN_VISITORS = 5;
const VERSION = 'v1';
/** Sealed values whose check is remembered: a browser sends its own with every request. */
const REMEMBERED_OPENINGS = 10_000;

/**
 * Proof that a browser holds anonymous visitor ids the server issued to it: the ids, newest first,
 * sealed with an HMAC under the server's key. An id alone (header, body, anything the product shows)
 * proves nothing; only the sealed value, kept in an httpOnly cookie, does.
 */
export class VisitorProof {
  private readonly opened = new Map<string, readonly string[]>();

  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new RangeError('The visitor proof key must be at least 32 bytes.');
  }

  /** The sealed value proving `anonIds` (newest first; duplicates and the oldest past the limit dropped). */
  seal(anonIds: readonly string[]): string {
    const ids = [...new Set(anonIds)].slice(0, MAX_PROVEN_VISITORS);
    const payload = Buffer.from(ids.join(',')).toString('base64url');
    return `${VERSION}.${payload}.${this.mac(payload)}`;
  }

  /** The ids a sealed value proves, newest first; none for a missing, malformed or forged value. */
  open(value: string | null | undefined): readonly string[] {
    if (!value || value.length > 1024) return [];
    let ids = this.opened.get(value);
    if (ids) return ids;
    ids = Object.freeze(this.check(value));
    // The oldest remembered check goes first; a forged value costs a place like any other.
    if (this.opened.size >= REMEMBERED_OPENINGS) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(value, ids);
    return ids;
  }

  private check(value: string): string[] {
    const [version, payload, mac, ...rest] = value.split('.');
    if (version !== VERSION || !payload || !mac || rest.length > 0) return [];
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
    const ids = Buffer.from(payload, 'base64url').toString().split(',');
    return ids.every((id) => isId(id, 'anon_')) ? ids.slice(0, MAX_PROVEN_VISITORS) : [];
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(`${VERSION}.${payload}`).digest('base64url');
  }
}
