import { DuplicateKeyError, type LeaseTerm, leaseTermsOf, type ReadStore, ReadStoreLease } from '@ringcheck/projections';

/** How long a node's hold on its work lasts unless renewed; renewed every quarter of it. */
export const WORK_LEASE_TTL_MS = 6000;

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
 * Which node works which piece of work (a call in flight, a search), when several share the stores. Each
 * node keeps one lease on itself alive (renewing it costs the same for one piece or a thousand), and owns
 * a piece by the latest term of the piece's own lease document (`<kind>:<id>`). A piece whose owner's node
 * lease lapsed (the node died) is free: another node takes it by inserting the next term, which only one
 * node can do. A single node with its own stores needs none of this.
 */
export class WorkLeases {
  private readonly held = new Set<string>();
  private readonly self: ReadStoreLease;
  /** Whether this node's own lease was taken or renewed at its last attempt. */
  private alive = false;

  constructor(
    private readonly store: ReadStore,
    readonly holder: string,
    private readonly kind: string,
    readonly ttlMs = WORK_LEASE_TTL_MS,
  ) {
    this.self = new ReadStoreLease(store, { holder, ttlMs, name: nodeLease(holder) });
  }

  /** Takes the piece when nobody, or only a dead node, owns it; true when it is this node's. */
  async claim(id: string): Promise<boolean> {
    if (!this.alive) this.alive = await this.self.tryAcquire();
    if (!this.alive) return false;
    const terms = await leaseTermsOf(this.store);
    const [current] = await terms.find({ lease: this.lease(id) }, { sort: { term: -1 }, limit: 1 });
    if (current?.holder === this.holder) return this.hold(id);
    if (current && (await this.aliveNodes([current.holder])).has(current.holder)) return false;
    const term = (current?.term ?? 0) + 1;
    const taken = await terms
      .insertOne({ _id: `${this.lease(id)}#${term}`, lease: this.lease(id), term, holder: this.holder, expiresAt: 0 })
      .then(
        () => true,
        (error: unknown) => (error instanceof DuplicateKeyError ? false : Promise.reject(error)),
      );
    await this.store.flush();
    return taken ? this.hold(id) : false;
  }

  holds(id: string): boolean {
    return this.held.has(id);
  }

  /** The piece is done: its lease goes, so nobody adopts it again. */
  async end(id: string): Promise<void> {
    this.held.delete(id);
    await (await leaseTermsOf(this.store)).deleteMany({ lease: this.lease(id) });
    await this.store.flush();
  }

  /** Gives this node's lease up (it is stopping), so other nodes adopt its work at once. */
  async releaseAll(): Promise<void> {
    this.held.clear();
    this.alive = false;
    await this.self.release();
  }

  /**
   * Renews this node's lease; returns the pieces it held that another node owns now (it took them over
   * while this node failed to renew in time).
   */
  async renewAll(): Promise<string[]> {
    // A renewal the store failed to answer is tried again next time; the lease may still be good.
    this.alive = await this.self.tryAcquire().catch(() => this.alive);
    if (this.held.size === 0) return [];
    const mine = [...this.held];
    const terms = await leaseTermsOf(this.store);
    const latest = latestTerms(await terms.find({ lease: { $in: mine.map((id) => this.lease(id)) } }));
    const lost = mine.filter((id) => {
      const owner = latest.get(this.lease(id))?.holder;
      return owner !== undefined && owner !== this.holder;
    });
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  /** Of these pieces, those owned by no node that is alive, read in two queries. */
  async unheld(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const terms = await leaseTermsOf(this.store);
    const latest = latestTerms(await terms.find({ lease: { $in: ids.map((id) => this.lease(id)) } }));
    const alive = await this.aliveNodes([...new Set([...latest.values()].map((term) => term.holder))]);
    return ids.filter((id) => {
      const owner = latest.get(this.lease(id))?.holder;
      return owner === undefined || !alive.has(owner);
    });
  }

  private lease(id: string): string {
    return `${this.kind}:${id}`;
  }

  private hold(id: string): true {
    this.held.add(id);
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

/**
 * Runs `work` now and every `ms` after, never two runs at once, until `signal` aborts. Returns what waits
 * for the run in progress (for a clean shutdown).
 */
export function repeatEvery(ms: number, signal: AbortSignal, work: () => Promise<void>, onError: (error: Error) => void): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || signal.aborted) return;
    running = work()
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  tick();
  return async () => {
    await running;
  };
}
