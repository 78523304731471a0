import type { VerifiedIdentity } from '../ports/identity-provider';

/** Tokens remembered at most; the least recently used go first. */
const MAX_TOKENS = 10_000;

/**
 * Access tokens whose signature and claims were verified, by their exact text: a signed token cannot
 * change, so checking its signature again on every request of a session only spends CPU. An entry is
 * used only until the token's expiry; whether the session still stands is checked by the caller as
 * before, on every request.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedIdentity>();

  constructor(private readonly now: () => number) {}

  get(token: string): VerifiedIdentity | undefined {
    const identity = this.entries.get(token);
    if (!identity) return undefined;
    this.entries.delete(token);
    if (identity.expiresAt * 1000 <= this.now()) return undefined;
    this.entries.set(token, identity);
    return identity;
  }

  set(token: string, identity: VerifiedIdentity): void {
    this.entries.delete(token);
    this.entries.set(token, identity);
    if (this.entries.size > MAX_TOKENS) this.entries.delete(this.entries.keys().next().value!);
  }
}
