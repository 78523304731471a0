import { leaseTermsOf, type ReadStore, ReadStoreLease } from '@ringcheck/projections';

/** The orchestrator's CallLeases, or null when the stores are this node's alone. */
export const CALL_LEASES = Symbol('CALL_LEASES');

/** How long a node's hold on a call lasts unless renewed; renewed every third of it. */
export const CALL_LEASE_TTL_MS = 6000;

const leaseName = (callId: string) => `call:${callId}`;

/**
 * Which node works which call, when several share the stores: a lease per call in flight (placing,
 * retries, the conversation, analysis), renewed by its node. A call whose lease lapsed (its node died)
 * is free for another node to adopt. A single node with its own stores needs none of this.
 */
export class CallLeases {
  private readonly held = new Map<string, ReadStoreLease>();

  constructor(
    private readonly store: ReadStore,
    readonly holder: string,
    readonly ttlMs = CALL_LEASE_TTL_MS,
  ) {}

  /** Takes the call's lease (or renews this node's); false while another node holds it. */
  async claim(callId: string): Promise<boolean> {
    const lease = this.held.get(callId) ?? new ReadStoreLease(this.store, { holder: this.holder, ttlMs: this.ttlMs, name: leaseName(callId) });
    const taken = await lease.tryAcquire();
    if (taken) this.held.set(callId, lease);
    else this.held.delete(callId);
    return taken;
  }

  holds(callId: string): boolean {
    return this.held.has(callId);
  }

  /** The call is done: its lease goes, so nobody adopts it again. */
  async end(callId: string): Promise<void> {
    const lease = this.held.get(callId);
    this.held.delete(callId);
    await lease?.end();
  }

  /** Gives up every lease this node holds (it is stopping), so other nodes adopt the calls at once. */
  async releaseAll(): Promise<void> {
    const leases = [...this.held.values()];
    this.held.clear();
    for (const lease of leases) await lease.release();
  }

  /** Renews every lease this node holds; returns the calls whose lease it lost (another node has them now). */
  async renewAll(): Promise<string[]> {
    const lost: string[] = [];
    for (const callId of [...this.held.keys()]) {
      const renewed = await this.claim(callId).catch(() => true);
      if (!renewed) lost.push(callId);
    }
    return lost;
  }

  /** Of these calls, those no node holds an unexpired lease on, read in one query. */
  async unheld(callIds: readonly string[], now = Date.now()): Promise<string[]> {
    if (callIds.length === 0) return [];
    const terms = await leaseTermsOf(this.store);
    const live = new Set(
      (await terms.find({ lease: { $in: callIds.map(leaseName) }, expiresAt: { $gt: now } })).map((term) => term.lease),
    );
    return callIds.filter((callId) => !live.has(leaseName(callId)));
  }
}

