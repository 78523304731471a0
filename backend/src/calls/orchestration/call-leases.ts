import { DuplicateKeyError, type LeaseTerm, leaseTermsOf, type ReadStore, ReadStoreLease } from '@ringcheck/projections';

/** The orchestrator's CallLeases, or null when the stores are this node's alone. */
export const CALL_LEASES = Symbol('CALL_LEASES');

/** How long a node's hold on its calls lasts unless renewed; renewed every quarter of it. */
export const CALL_LEASE_TTL_MS = 6000;

const callLease = (callId: string) => `call:${callId}`;
const nodeLease = (holder: string) => `node:${holder}`;

/** The highest term of each lease among `terms`. */
function latestTerms(terms: readonly LeaseTerm[]): Map<string, LeaseTerm> {
  const latest = new Map<string, LeaseTerm>();
  for (const term of terms) {
    const known = latest.get(term.lease);
    if (!known || term.term > known.term) latest.set(term.lease, term);
  }
  return latest;
}

/**
 * Which node works which call, when several share the stores. Each node keeps one lease on itself alive
 * (renewing it costs the same for one call or a thousand), and owns a call by the latest term of the
 * call's own lease document. A call whose owner's node lease lapsed (the node died) is free: another node
 * takes it by inserting the next term, which only one node can do. A single node with its own stores
 * needs none of this.
 */
export class CallLeases {
  private readonly held = new Set<string>();
  private readonly self: ReadStoreLease;
  /** Whether this node's own lease was taken or renewed at its last attempt. */
  private alive = false;

  constructor(
    private readonly store: ReadStore,
    readonly holder: string,
    readonly ttlMs = CALL_LEASE_TTL_MS,
  ) {
    this.self = new ReadStoreLease(store, { holder, ttlMs, name: nodeLease(holder) });
  }

  /** Takes the call when nobody, or only a dead node, owns it; true when it is this node's. */
  async claim(callId: string): Promise<boolean> {
    if (!this.alive) this.alive = await this.self.tryAcquire();
    if (!this.alive) return false;
    const terms = await leaseTermsOf(this.store);
    const [current] = await terms.find({ lease: callLease(callId) }, { sort: { term: -1 }, limit: 1 });
    if (current?.holder === this.holder) return this.hold(callId);
    if (current && (await this.aliveNodes([current.holder])).has(current.holder)) return false;
    const term = (current?.term ?? 0) + 1;
    const taken = await terms
      .insertOne({ _id: `${callLease(callId)}#${term}`, lease: callLease(callId), term, holder: this.holder, expiresAt: 0 })
      .then(
        () => true,
        (error: unknown) => (error instanceof DuplicateKeyError ? false : Promise.reject(error)),
      );
    await this.store.flush();
    return taken ? this.hold(callId) : false;
  }

  holds(callId: string): boolean {
    return this.held.has(callId);
  }

  /** The call is done: its lease goes, so nobody adopts it again. */
  async end(callId: string): Promise<void> {
    this.held.delete(callId);
    await (await leaseTermsOf(this.store)).deleteMany({ lease: callLease(callId) });
    await this.store.flush();
  }

  /** Gives this node's lease up (it is stopping), so other nodes adopt its calls at once. */
  async releaseAll(): Promise<void> {
    this.held.clear();
    this.alive = false;
    await this.self.release();
  }

  /**
   * Renews this node's lease; returns the calls it held that another node owns now (it took them over
   * while this node failed to renew in time).
   */
  async renewAll(): Promise<string[]> {
    // A renewal the store failed to answer is tried again next time; the lease may still be good.
    this.alive = await this.self.tryAcquire().catch(() => this.alive);
    if (this.held.size === 0) return [];
    const mine = [...this.held];
    const terms = await leaseTermsOf(this.store);
    const latest = latestTerms(await terms.find({ lease: { $in: mine.map(callLease) } }));
    const lost = mine.filter((callId) => {
      const owner = latest.get(callLease(callId))?.holder;
      return owner !== undefined && owner !== this.holder;
    });
    for (const callId of lost) this.held.delete(callId);
    return lost;
  }

  /** Of these calls, those owned by no node that is alive, read in two queries. */
  async unheld(callIds: readonly string[]): Promise<string[]> {
    if (callIds.length === 0) return [];
    const terms = await leaseTermsOf(this.store);
    const latest = latestTerms(await terms.find({ lease: { $in: callIds.map(callLease) } }));
    const alive = await this.aliveNodes([...new Set([...latest.values()].map((term) => term.holder))]);
    return callIds.filter((callId) => {
      const owner = latest.get(callLease(callId))?.holder;
      return owner === undefined || !alive.has(owner);
    });
  }

  private hold(callId: string): true {
    this.held.add(callId);
    return true;
  }

  /** Those of these nodes whose own lease is unexpired. */
  private async aliveNodes(holders: readonly string[], now = Date.now()): Promise<Set<string>> {
    if (holders.length === 0) return new Set();
    const terms = await leaseTermsOf(this.store);
    const latest = latestTerms(await terms.find({ lease: { $in: holders.map(nodeLease) } }));
    return new Set(holders.filter((holder) => (latest.get(nodeLease(holder))?.expiresAt ?? 0) > now));
  }
}
