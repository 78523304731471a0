import { type Collection, DuplicateKeyError, type ReadStore } from '../ports/read-store';

/** Leases (of the projections, of each call in flight) live beside the checkpoints, in the read store every node shares. */
export const LEASES_COLLECTION = 'leases';

/** Who runs the projections when several nodes share the stores. */
export interface RunnerLease {
  readonly holder: string;
  readonly ttlMs: number;
  /** Takes the lease, or renews it when this holder has it; false while another holder's is unexpired. */
  tryAcquire(): Promise<boolean>;
  /** Gives the lease up at once (a node stopping), so another takes over without waiting for it to expire. */
  release(): Promise<void>;
}

/** The term documents of every lease: `lease` names it, the highest `term` holds it. */
export interface LeaseTerm {
  _id: string;
  lease: string;
  term: number;
  holder: string;
  /** Milliseconds since the epoch, by the clock of the node that took or renewed it. */
  expiresAt: number;
  [key: string]: unknown;
}

const indexed = new WeakMap<ReadStore, Promise<void>>();

/** The lease collection, indexed (once per store) for reading a lease's highest term. */
export async function leaseTermsOf(store: ReadStore): Promise<Collection<LeaseTerm>> {
  const terms = store.collection<LeaseTerm>(LEASES_COLLECTION);
  let index = indexed.get(store);
  if (!index) {
    index = terms.createIndex({ keys: { lease: 1, term: -1 }, name: 'lease_term' });
    indexed.set(store, index);
    index.catch(() => indexed.delete(store));
  }
  await index;
  return terms;
}

export interface ReadStoreLeaseOptions {
  holder: string;
  /** How long a taken or renewed lease lasts; the holder renews it well before. */
  ttlMs?: number;
  name?: string;
  now?: () => number;
}

/**
 * A lease kept as a document per term. Taking a lapsed lease inserts the next term, whose id is unique,
 * so of several nodes racing for it exactly one wins on any engine (an insert is atomic even where a
 * conditional update is not: FerretDB matched one compare-and-swap twice under a race). Only the holder
 * writes its own term when it renews, and only while a sixth of the term is left (the time its write may
 * take to land); a node takes over only once the term has expired. Expiry is by wall clock: the nodes'
 * clocks must agree to well within that sixth.
 */
export class ReadStoreLease implements RunnerLease {
  readonly holder: string;
  readonly ttlMs: number;
  private readonly name: string;
  private readonly now: () => number;

  constructor(
    private readonly store: ReadStore,
    options: ReadStoreLeaseOptions,
  ) {
    this.holder = options.holder;
    this.ttlMs = options.ttlMs ?? 6000;
    this.name = options.name ?? 'projections';
    this.now = options.now ?? Date.now;
  }

  async tryAcquire(): Promise<boolean> {
    const terms = await leaseTermsOf(this.store);
    const now = this.now();
    const [current] = await terms.find({ lease: this.name }, { sort: { term: -1 }, limit: 1 });
    if (current && current.holder === this.holder && now < current.expiresAt - this.ttlMs / 6) return this.renew(terms, current, now);
    if (current && current.expiresAt > now) return false;
    const term = (current?.term ?? 0) + 1;
    const next: LeaseTerm = { _id: `${this.name}#${term}`, lease: this.name, term, holder: this.holder, expiresAt: now + this.ttlMs };
    try {
      await terms.insertOne(next);
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
    await this.store.flush();
    await terms.deleteMany({ lease: this.name, term: { $lt: term } });
    return true;
  }

  /** Removes the lease and its history: the work it guarded is done and nobody will need it again. */
  async end(): Promise<void> {
    const terms = await leaseTermsOf(this.store);
    await terms.deleteMany({ lease: this.name });
    await this.store.flush();
  }

  async release(): Promise<void> {
    const terms = await leaseTermsOf(this.store);
    const [current] = await terms.find({ lease: this.name }, { sort: { term: -1 }, limit: 1 });
    if (current?.holder !== this.holder) return;
    await terms.updateOne({ _id: current._id, holder: this.holder }, { $set: { expiresAt: 0 } });
    await this.store.flush();
  }

  private async renew(terms: Collection<LeaseTerm>, current: LeaseTerm, now: number): Promise<boolean> {
    await terms.updateOne({ _id: current._id, holder: this.holder }, { $set: { expiresAt: now + this.ttlMs } });
    await this.store.flush();
    // A node that read the term as expired just before the renewal landed may have taken the next one.
    const newer = await terms.findOne({ lease: this.name, term: { $gt: current.term } });
    return newer === null;
  }
}
