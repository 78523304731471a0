import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import type { Collection, Document, IndexBuildOptions, IndexSpec, ReadStore } from '../ports/read-store';
import { StoreUnavailableError } from '../ports/store-unavailable-error';
import type { ProjectionDefinition } from '../projection';
import { type DocumentChange, evolveBatch, writeEvolved } from './apply-batch';
import { Backoff, sleep } from './backoff';
import {
  type CheckpointDocument,
  checkpointsOf,
  PROCESSED_MARKER_ID,
  type ProjectionCheckpoint,
  processedMarker,
  storedCheckpoints,
  versionedCollectionName,
} from './checkpoints';
import { type Deletions, type Tombstone, TOMBSTONES_COLLECTION, writeStates } from './state-writes';
import { requestedRebuildOf } from './rebuild-request';
import { FULL_SLICE, RebuildPacer, type RebuildSlice, steadyPacer } from './rebuild-pacer';
import { KeptDocuments } from './kept-documents';
import { type BatchWrites, PendingWrites } from './pending-writes';
import { pageSplitter } from './page-split';
import { RebuildWorkingSet } from './rebuild-working-set';
import { WrittenIds } from './written-ids';
import type { RunnerLease } from './runner-lease';

export interface RunnerLogger {
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export interface ProjectionRunnerOptions {
  /** Events applied per read-model round trip. */
  batchSize?: number;
  /**
   * Called with a batch's changes, in position order, as soon as they are applied: before they are
   * written, so a reader of the read store may see them only later (`waitForPosition` says when).
   */
  onChange?: (changes: DocumentChange[]) => void;
  logger?: RunnerLogger;
  /**
   * First delay before retrying a batch the read store refused, or subscribing again after the event
   * store dropped the live subscription; doubled after each consecutive failure.
   */
  retryDelayMs?: number;
  /** Longest delay between two retries. */
  maxRetryDelayMs?: number;
  /**
   * When set (a serving process), start() returns once the live read models caught up: projections that
   * are new or changed version are built beside them in the background and switched in when done, and
   * a `ReadModelRebuildRequested` event in the log starts a rebuild the same way.
   */
  rebuildInBackground?: boolean;
  /**
   * Several nodes sharing the stores: only the holder of this lease runs the projections. The others
   * follow the checkpoints it writes (which collection to read, how far it got), try to take the lease
   * over as it expires, and carry on from the checkpoints when they do.
   */
  lease?: RunnerLease;
  /** How often a node that does not hold the lease reads the checkpoints (faster while someone waits for a position). */
  followEveryMs?: number;
  /**
   * Where the stores answer on this thread rather than over a network: the least a rebuild beside serving
   * reads (events) and writes (documents) per turn of the event loop, whenever anything else waits for it
   * (see RebuildPacer). Requests then wait for at most one such turn.
   */
  rebuildSlice?: RebuildSlice;
  /**
   * Documents kept from one live batch to the next (the last written), so a batch reads from the read
   * store only those it does not hold: for a store across the network, where a call in progress would
   * otherwise be read back whole for every batch that touches it. None by default.
   */
  keptDocuments?: number;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  collection: string;
  position: number;
  documents: number;
}

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const CATCH_UP_PAGE = 5000;
/** Applying goes on while writes are under way until this many batches, or documents, wait for theirs. */
const MAX_UNWRITTEN_BATCHES = 100;
const MAX_UNWRITTEN_DOCUMENTS = 2000;
/**
 * Documents a rebuild keeps in memory between its writes (calls are about 10 kB each). Since a document
 * written again is stored without reading it back, 250 rebuild as fast as 1,000 (20,000 calls: 4.0-4.3 s
 * against 4.2-4.4 s; every read model over 1,000,000 events: 16.6-17.2 s against 17.0-17.1 s) with a lower
 * peak (232-248 MB against 300-350 MB; 312-325 MB against 393-427 MB); 2,000 were slower and larger.
 */
const REBUILD_WORKING_SET = 250;
/** A rebuild catching up beside the live model stops live processing only for the last few events. */
const SWITCH_LAG = 1000;

/**
 * Keeps every projection's read model in step with the event store: catches up in pages,
 * then follows a live subscription, applying events in batches and in order, at least once.
 * Work is serialised on one promise chain so live batches and rebuilds never interleave. A batch is
 * applied in memory and told (onChange) at once; its writes follow on their own loop, in order, and
 * what queues meanwhile is written as one, so a slow store delays what readers see, not the pushes.
 * A store outage never stops it: a refused batch is kept and retried, a dropped subscription is
 * opened again from the last event received, both with growing pauses until the store is back.
 */
export class ProjectionRunner {
  private readonly definitions = new Map<string, ProjectionDefinition>();
  private readonly checkpoints = new Map<string, ProjectionCheckpoint>();
  private readonly batchSize: number;
  private readonly batchRetries: Backoff;
  private readonly resubscribes: Backoff;
  private subscription: Subscription | undefined;
  /** Position of the last event the live subscription handed over (buffered or applied). */
  private received = 0;
  /** What keeps the read models from following the log right now, until a batch lands again. */
  private failure: Error | undefined;
  private buffer: RecordedEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private drainScheduled = false;
  /** Position every projection has applied and written (readers see it). */
  private processed = 0;
  /** Position every projection has applied (and told), written or not. */
  private applied = 0;
  private readonly unwritten = new PendingWrites();
  /** The loop writing applied batches, while there are any. */
  private writing: Promise<void> | undefined;
  private writeWaiters: (() => void)[] = [];
  private readonly stopping = new AbortController();
  private waiters: Waiter[] = [];
  /** Projections whose read model is being built beside them: live batches skip them until the switch. */
  private readonly pending = new Set<string>();
  private readonly rebuilds = new Map<string, Promise<ProjectionStatus>>();
  private readonly buildWaiters = new Map<string, (() => void)[]>();
  private rebuildQueue: Promise<void> = Promise.resolve();
  /** Rebuild requests at or before this position were made before this process started: not for it. */
  private requestsAfter = Number.MAX_SAFE_INTEGER;
  /** With a lease: whether this node holds it and runs the projections. */
  private leading = false;
  private leaseTimer: NodeJS.Timeout | undefined;
  private followTimer: NodeJS.Timeout | undefined;
  private leaseRenewedAt = 0;
  /** When the last successful take or renewal of the lease was asked: the lease runs at least a term from then. */
  private leaseAskedAt = 0;
  private readonly kept: KeptDocuments | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly ProjectionDefinition<any>[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    for (const definition of projections) {
      if (this.definitions.has(definition.name)) throw new Error(`Duplicate projection name: ${definition.name}`);
      this.definitions.set(definition.name, definition as ProjectionDefinition);
    }
    this.batchSize = options.batchSize ?? 500;
    const retryDelayMs = options.retryDelayMs ?? 250;
    const maxRetryDelayMs = Math.max(retryDelayMs, options.maxRetryDelayMs ?? 5000);
    this.batchRetries = new Backoff(retryDelayMs, maxRetryDelayMs);
    this.resubscribes = new Backoff(retryDelayMs, maxRetryDelayMs);
    this.kept = options.keptDocuments ? new KeptDocuments(options.keptDocuments) : undefined;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Stopped, or following another node that holds the lease: nothing may be applied or built here. */
  private get idle(): boolean {
    return this.stopped || (this.options.lease !== undefined && !this.leading);
  }

  /** Where several nodes share the stores, a node that lost the lease may still land a batch: writes are fenced. */
  private get fenced(): boolean {
    return this.options.lease !== undefined;
  }

  /** How fenced writes keep deletions deleted: batches acknowledged late in the lease look at the tombstones. */
  private get deletions(): Deletions | undefined {
    if (!this.fenced) return undefined;
    const { ttlMs } = this.options.lease!;
    // A quarter of the lease spare for the clocks of the nodes.
    return { tombstones: this.readStore.collection<Tombstone>(TOMBSTONES_COLLECTION), landedLate: () => Date.now() > this.leaseAskedAt + (ttlMs * 3) / 4 };
  }

  /** Whether this node runs the projections (always, without a lease). */
  get isLeading(): boolean {
    return this.options.lease === undefined || this.leading;
  }

  /** Position every projection has applied. */
  get position(): number {
    return this.processed;
  }

  projectionNames(): string[] {
    return [...this.definitions.keys()];
  }

  /** The projections whose documents belong to realtime rooms (the others never reach a socket). */
  roomProjectionNames(): string[] {
    return [...this.definitions.values()].filter((definition) => definition.rooms !== undefined).map((definition) => definition.name);
  }

  /** The active collection of a projection's read model, typed by the projection's documents. */
  collection<D extends Document>(projection: ProjectionDefinition<D>): Collection<D>;
  /** The same by projection name, untyped, for tools that walk every read model. */
  collection(name: string): Collection;
  collection(projection: ProjectionDefinition | string): Collection {
    const name = typeof projection === 'string' ? projection : projection.name;
    if (this.pending.has(name)) {
      // Its collection is an earlier version's (documents of another shape) or empty: readers wait.
      throw new StoreUnavailableError('read_store', this.readStore.adapterName, `the ${name} read model is being built from the event log`);
    }
    const checkpoint = this.checkpoints.get(name);
    if (!checkpoint) throw new Error(`Unknown projection or runner not started: ${name}`);
    return this.readStore.collection(checkpoint.collection);
  }

  /** False while the projection's read model is first built (new, or a new version) beside the others. */
  isBuilt(projection: ProjectionDefinition<any> | string): boolean {
    return !this.pending.has(typeof projection === 'string' ? projection : projection.name);
  }

  /** Resolves once the projection's read model can be read: at once, or when its build beside the others is switched in. */
  whenBuilt(projection: ProjectionDefinition<any> | string): Promise<void> {
    const name = typeof projection === 'string' ? projection : projection.name;
    if (this.isBuilt(name)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.buildWaiters.get(name) ?? [];
      waiting.push(resolve);
      this.buildWaiters.set(name, waiting);
    });
  }

  /**
   * Loads checkpoints; a projection that is new or whose version changed is first built from the
   * whole log into its own versioned collection.
   */
  async prepare(): Promise<void> {
    await this.loadCheckpoints();
    const live = [...this.checkpoints.values()].filter((c) => !this.pending.has(c._id)).map((c) => c.position);
    this.processed = live.length > 0 ? Math.min(...live) : await this.eventStore.headPosition();
    this.applied = this.processed;
  }

  /**
   * Prepares, catches up in pages, then follows live events. Projections that are new or changed
   * version are built first, each from the events it handles, or beside the live ones after start-up
   * with `rebuildInBackground`.
   */
  async start(): Promise<void> {
    const { lease } = this.options;
    if (!lease) return this.lead();
    const asked = Date.now();
    if (await lease.tryAcquire()) {
      this.leading = true;
      this.leaseRenewedAt = Date.now();
      this.leaseAskedAt = asked;
      await this.lead();
    } else {
      await this.follow();
    }
    this.keepLease(lease);
  }

  /** Runs the projections: builds what is new, catches up from the checkpoints, then follows the log. */
  private async lead(): Promise<void> {
    // Whatever was kept from an earlier turn at the lease, another node may have written since.
    this.kept?.clear();
    this.unwritten.clear();
    this.requestsAfter = await this.eventStore.headPosition();
    await this.prepare();
    await this.dropAbandonedBuilds();
    const building = [...this.pending];
    if (!this.options.rebuildInBackground && building.length > 0) await this.buildTogether(building);
    await this.catchUp();
    this.received = this.applied;
    this.subscribe();
    if (!this.options.rebuildInBackground) return;
    for (const name of building) {
      this.rebuild(name).catch((error: Error) => {
        if (!this.stopped) this.options.logger?.error(`Rebuild failed: ${error.message}`);
      });
    }
  }

  /** Names of the projections being rebuilt right now. */
  rebuilding(): string[] {
    return [...this.rebuilds.keys()];
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.leaseTimer);
    clearTimeout(this.followTimer);
    await this.subscription?.close();
    await this.chain;
    await this.writing;
    // What was applied but not written yet is written once more if the store takes it; else the next start applies it again.
    if (this.unwritten.batches > 0 && this.isLeading) {
      await this.writeQueued().catch((error: Error) => this.options.logger?.warn(`Projections stopped with writes unmade: ${error.message}`));
    }
    this.rejectWaiters(new Error('Projection runner stopped'));
    await this.readStore.flush();
    if (this.options.lease && this.leading) {
      this.leading = false;
      await this.options.lease.release().catch((error: Error) => this.options.logger?.warn(`Could not give up the projections lease: ${error.message}`));
    }
  }

  /** Renews the lease while leading (a third of its length apart); tries to take it over while following. */
  private keepLease(lease: RunnerLease): void {
    let busy = false;
    this.leaseTimer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      void this.tendLease(lease).finally(() => (busy = false));
    }, Math.max(50, Math.floor(lease.ttlMs / 3)));
    this.leaseTimer.unref?.();
  }

  private async tendLease(lease: RunnerLease): Promise<void> {
    let held: boolean;
    const asked = Date.now();
    try {
      held = await lease.tryAcquire();
      if (held) this.leaseAskedAt = asked;
    } catch (error) {
      // Unsure whether it still holds the lease: a leader keeps on until the lease it had would have lapsed.
      held = this.leading && Date.now() - this.leaseRenewedAt < lease.ttlMs;
      if (!held && this.leading) this.options.logger?.warn(`Could not renew the projections lease: ${(error as Error).message}`);
    }
    if (this.stopped) return;
    if (held) this.leaseRenewedAt = Date.now();
    if (held && !this.leading) {
      this.options.logger?.warn(`Took over the projections lease (${lease.holder}); carrying on from the checkpoints`);
      clearTimeout(this.followTimer);
      this.followTimer = undefined;
      this.leading = true;
      // Not awaited: catching up may take longer than the lease, which must go on being renewed meanwhile.
      void this.lead().catch((error: Error) => {
        if (!this.idle) this.options.logger?.error(`Taking over the projections failed: ${error.message}`);
      });
    } else if (!held && this.leading) {
      this.options.logger?.warn(`Lost the projections lease (${lease.holder}); following the node that holds it`);
      this.leading = false;
      await this.subscription?.close();
      this.subscription = undefined;
      this.buffer = [];
      this.kept?.clear();
      await this.chain;
      await this.writing;
      this.unwritten.clear();
      await this.follow();
    }
  }

  /**
   * Reads the checkpoints another node writes: which collection each read model is in, which ones it
   * is still building, how far every one got. Waiters for a position are settled from them.
   */
  private async follow(): Promise<void> {
    if (this.stopped || this.leading) return;
    try {
      const stored = storedCheckpoints(await checkpointsOf(this.readStore).find({}));
      const live: number[] = [];
      for (const definition of this.definitions.values()) {
        const checkpoint = stored.get(definition.name);
        if (checkpoint) this.checkpoints.set(definition.name, checkpoint);
        if (!checkpoint || checkpoint.version !== definition.version || checkpoint.building === true) {
          this.pending.add(definition.name);
          continue;
        }
        live.push(checkpoint.position);
        if (this.pending.delete(definition.name)) this.announceBuilt(definition.name);
      }
      if (live.length > 0) this.processed = Math.max(this.processed, Math.min(...live));
      this.settleWaiters();
    } catch (error) {
      this.noteFailure('Reading the checkpoints failed', error);
    }
    if (this.stopped || this.leading) return;
    const every = this.options.followEveryMs ?? 250;
    this.followTimer = setTimeout(() => void this.follow(), this.waiters.length > 0 ? Math.min(every, 25) : every);
    this.followTimer.unref?.();
  }

  /**
   * Resolves once every projection has applied the event at `position` (read-your-writes). Rejects with
   * the store outage holding the read models back as soon as it is met, or at the timeout.
   */
  waitForPosition(position: number, timeoutMs = 5000): Promise<void> {
    if (this.processed >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          this.failure instanceof StoreUnavailableError
            ? this.failure
            : new Error(`Read models did not reach position ${position} within ${timeoutMs} ms`),
        );
      }, timeoutMs);
      const waiter: Waiter = { position, resolve, reject, timer };
      this.waiters.push(waiter);
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const rows: ProjectionStatus[] = [];
    for (const [name, checkpoint] of this.checkpoints) {
      rows.push({
        name,
        version: checkpoint.version,
        collection: checkpoint.collection,
        position: checkpoint.position,
        documents: await this.readStore.collection(checkpoint.collection).countDocuments({}),
      });
    }
    return rows;
  }

  /**
   * Builds the projection's read model anew in a fresh collection beside the live one, reading only the
   * events it handles, while live batches go on; then applies the last events and switches readers to it
   * in one step of the live chain, and drops the old collection. Readers never see it half built.
   */
  rebuild(name: string): Promise<ProjectionStatus> {
    const definition = this.definitions.get(name);
    if (!definition) return Promise.reject(new Error(`Unknown projection: ${name}`));
    const running = this.rebuilds.get(name);
    if (running) return running;
    // One at a time: each holds a working set in memory and shares the CPU with the requests served.
    const build = this.rebuildQueue.then(() => this.rebuildBeside(definition)).finally(() => this.rebuilds.delete(name));
    this.rebuildQueue = build.then(
      () => undefined,
      () => undefined,
    );
    this.rebuilds.set(name, build);
    return build;
  }

  private async rebuildBeside(definition: ProjectionDefinition): Promise<ProjectionStatus> {
    const target = versionedCollectionName(definition.name, definition.version, Date.now());
    await this.readStore.dropCollection(target);
    const collection = this.readStore.collection(target);
    // Indexes declared while loading are sorted once the documents are in, a third of the cost of keeping
    // them through every write; but that sort is one long transaction: a serving process loads so only
    // where the store writes and sorts off the thread that serves, and keeps them as it writes elsewhere.
    await this.ensureIndexes(definition, target, { loading: true, serving: this.options.rebuildInBackground === true });
    const written = new WrittenIds();
    let position = 0;
    do {
      position = await this.replayInto(definition, collection, position, this.processed, written);
    } while (this.processed - position > SWITCH_LAG);
    await this.ensureIndexes(definition, target);
    return this.serialise(async () => {
      // Batches applied to the live collection but not written yet would not reach the built one.
      await this.writesSettled();
      position = await this.replayInto(definition, collection, position, this.processed, written);
      return this.switchInBuilt(definition, target, position);
    });
  }

  /** Readers go to the built collection from now on; the one it replaces is dropped. */
  private async switchInBuilt(definition: ProjectionDefinition, target: string, position: number): Promise<ProjectionStatus> {
    await this.switchTo(definition, target, position, this.checkpoints.get(definition.name)?.collection);
    this.pending.delete(definition.name);
    this.announceBuilt(definition.name);
    const documents = await this.readStore.collection(target).countDocuments({});
    return { name: definition.name, version: definition.version, collection: target, position, documents };
  }

  private announceBuilt(name: string): void {
    for (const resolve of this.buildWaiters.get(name) ?? []) resolve();
    this.buildWaiters.delete(name);
  }

  /**
   * Builds several projections in one pass over the log up to the position processed (before start-up
   * serves anything): each event is read once, each projection keeps its own working set, and the
   * indexes are built once the documents are in.
   */
  private async buildTogether(names: readonly string[]): Promise<void> {
    const builds = names.map((name) => {
      const definition = this.definitions.get(name)!;
      const target = versionedCollectionName(definition.name, definition.version, Date.now());
      const collection = this.readStore.collection(target);
      const working = new RebuildWorkingSet(definition, collection, REBUILD_WORKING_SET, steadyPacer(FULL_SLICE), new WrittenIds());
      return { definition, target, collection, working };
    });
    for (const { definition, target } of builds) {
      await this.readStore.dropCollection(target);
      await this.ensureIndexes(definition, target, { loading: true });
    }
    const types = [...new Set(builds.flatMap(({ definition }) => definition.handles))];
    const split = pageSplitter(builds.map(({ definition }) => definition));
    const until = this.processed;
    for (let position = 0; position < until; ) {
      if (this.idle) throw new Error('Projection runner stopped or no longer leading');
      const page = (await this.eventStore.readAll({ fromPosition: position, maxCount: CATCH_UP_PAGE, types })).filter((event) => event.position <= until);
      if (page.length === 0) break;
      const handled = split(page);
      for (const [index, { working }] of builds.entries()) if (handled[index].length > 0) await working.apply(handled[index]);
      position = page[page.length - 1].position;
    }
    for (const { definition, target, working } of builds) {
      await working.flush();
      await this.ensureIndexes(definition, target);
      await this.switchInBuilt(definition, target, until);
    }
  }

  private async loadCheckpoints(): Promise<void> {
    const head = await this.eventStore.headPosition();
    // A marker ahead of the log is another log's, as are the read models it would raise (below).
    await checkpointsOf(this.readStore).deleteOne({ _id: PROCESSED_MARKER_ID, position: { $gt: head } });
    const stored = storedCheckpoints(await checkpointsOf(this.readStore).find({}));
    for (const definition of this.definitions.values()) {
      const existing = stored.get(definition.name);
      // Read models ahead of the log were built from another event store (e.g. a fresh one next to an
      // old read store): keeping them would skip every new event up to their old position.
      const fromAnotherLog = existing !== undefined && existing.position > head;
      if (fromAnotherLog) {
        this.options.logger?.warn(
          `Read model ${definition.name} is at position ${existing.position} but the event log ends at ${head}: rebuilding it`,
        );
      }
      // A build a node left unfinished (it stopped, or lost the lease) starts again.
      if (existing && existing.version === definition.version && !fromAnotherLog && existing.building !== true) {
        this.checkpoints.set(definition.name, existing);
        // An index new in this release is built beside serving: start-up does not wait for it.
        await this.ensureIndexes(definition, existing.collection, { background: true });
        continue;
      }
      // New projection or a new version of it: start() builds it from the events it handles (beside the
      // others while serving, with `rebuildInBackground`); until then its readers are told to wait.
      if (existing && !fromAnotherLog) {
        this.pending.add(definition.name);
        this.checkpoints.set(definition.name, existing);
        continue;
      }
      // Over an empty log (a new deployment) the empty collection is the whole read model: it is read at once.
      const building = head > 0;
      if (building) this.pending.add(definition.name);
      const plain = versionedCollectionName(definition.name, definition.version);
      const target = existing?.collection === plain ? versionedCollectionName(definition.name, definition.version, Date.now()) : plain;
      await this.readStore.dropCollection(target);
      await this.ensureIndexes(definition, target);
      await this.switchTo(definition, target, 0, existing?.collection, building);
    }
  }

  /**
   * Collections of these projections that no checkpoint names: builds a stopped process left half done,
   * or old versions whose drop was cut short. Only the process that runs the projections may call this.
   */
  private async dropAbandonedBuilds(): Promise<void> {
    const live = new Set([...this.checkpoints.values()].map((checkpoint) => checkpoint.collection));
    for (const collection of await this.readStore.listCollections()) {
      const owner = /^(.+)_v\d+(?:_g\d+)?$/.exec(collection)?.[1];
      if (owner === undefined || !this.definitions.has(owner) || live.has(collection)) continue;
      this.options.logger?.warn(`Dropping ${collection}, a read model collection no checkpoint names (an unfinished build)`);
      await this.readStore.dropCollection(collection);
    }
  }

  private async ensureIndexes(definition: ProjectionDefinition, collectionName: string, options: IndexBuildOptions = {}): Promise<void> {
    // A room's missed documents are looked up by room and position, only in read models with rooms: the
    // others' documents are in none, and indexing them so would only cost each write a key row.
    const byRoom: IndexSpec[] = definition.rooms ? [{ keys: { _rooms: 1, _position: 1 }, name: 'rooms_position' }] : [];
    const indexes = [...byRoom, ...(definition.indexes ?? [])];
    await this.readStore.collection(collectionName).createIndexes(indexes, options);
  }

  /** Applies the projection's events after `from` up to `until` to `collection`, which holds only the `written` ids; returns `until`. */
  private async replayInto(definition: ProjectionDefinition, collection: Collection, from: number, until: number, written: WrittenIds): Promise<number> {
    const least = this.options.rebuildInBackground ? this.options.rebuildSlice : undefined;
    const pacer = least ? new RebuildPacer(least, FULL_SLICE) : steadyPacer(FULL_SLICE);
    const working = new RebuildWorkingSet(definition, collection, REBUILD_WORKING_SET, pacer, written);
    let position = from;
    while (position < until) {
      if (this.idle) throw new Error('Projection runner stopped or no longer leading');
      const pageSize = pacer.slice.events;
      const page = await this.eventStore.readAll({ fromPosition: position, maxCount: pageSize, types: definition.handles });
      const upTo = page.filter((event) => event.position <= until);
      if (upTo.length > 0) await working.apply(upTo);
      if (upTo.length < page.length || page.length < pageSize) break;
      position = upTo[upTo.length - 1].position;
      // An embedded store answers without waiting for I/O, so without this the whole rebuild would
      // run in one turn of the event loop and hold up every request until it ends.
      await pacer.turn();
    }
    await working.flush();
    return Math.max(position, until);
  }

  private async switchTo(
    definition: ProjectionDefinition,
    target: string,
    position: number,
    previousCollection: string | undefined,
    building = false,
  ): Promise<void> {
    const checkpoint: ProjectionCheckpoint = {
      _id: definition.name,
      version: definition.version,
      collection: target,
      position,
      updatedAt: new Date().toISOString(),
      ...(building ? { building } : {}),
    };
    await this.readStore.flush();
    await checkpointsOf(this.readStore).replaceOne({ _id: definition.name }, checkpoint, { upsert: true });
    await this.readStore.flush();
    this.checkpoints.set(definition.name, checkpoint);
    if (previousCollection && previousCollection !== target) {
      this.kept?.forgetCollection(previousCollection);
      await this.readStore.dropCollection(previousCollection);
    }
  }

  /** Applies the log from the checkpoints in pages; resolves once every page is written. */
  private async catchUp(): Promise<void> {
    while (!this.idle) {
      const page = await this.eventStore.readAll({ fromPosition: this.applied, maxCount: CATCH_UP_PAGE });
      if (page.length === 0) break;
      await this.processBatch(page);
      if (page.length < CATCH_UP_PAGE) break;
    }
    await this.writesSettled();
  }

  private subscribe(): void {
    this.subscription = this.eventStore.subscribeToAll((event) => this.enqueue(event), {
      fromPosition: this.received,
      onError: (error) => void this.resubscribe(error),
    });
  }

  /** The event store gave up on the live subscription: open it again, after a pause, where it stopped. */
  private async resubscribe(error: Error): Promise<void> {
    if (this.idle) return;
    this.noteFailure('Projection subscription dropped', error);
    await sleep(this.resubscribes.next(), this.stopping.signal);
    if (!this.idle) this.subscribe();
  }

  private async enqueue(event: RecordedEvent): Promise<void> {
    if (this.idle || event.position <= this.received) return;
    this.received = event.position;
    this.resubscribes.reset();
    this.buffer.push(event);
    if (this.buffer.length >= this.batchSize) {
      await this.serialise(() => this.drain());
    } else if (!this.drainScheduled) {
      this.drainScheduled = true;
      setImmediate(() => {
        this.drainScheduled = false;
        void this.serialise(() => this.drain());
      });
    }
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Applies buffered events; on a failure keeps them and retries until it succeeds or the runner stops. */
  private async drain(): Promise<void> {
    while (this.buffer.length > 0 && !this.idle) {
      const batch = this.buffer.splice(0, this.batchSize).filter((e) => e.position > this.applied);
      try {
        await this.processBatch(batch);
      } catch (error) {
        this.buffer.unshift(...batch);
        this.noteFailure('Projection batch failed', error);
        await sleep(this.batchRetries.next(), this.stopping.signal);
      }
    }
  }

  /**
   * Store outages are logged when they begin and when they end, not at every retry; anything else
   * (a projection that throws) is logged at every attempt.
   */
  private noteFailure(what: string, error: unknown): void {
    const failure = error instanceof Error ? error : new Error(String(error));
    const outage = failure instanceof StoreUnavailableError;
    if (!outage) this.options.logger?.error(`${what}, retrying: ${failure.message}`);
    else if (!(this.failure instanceof StoreUnavailableError)) {
      this.options.logger?.warn(`${what}, retrying until the store is back: ${failure.message}`);
    }
    this.failure = failure;
    // Whoever waits for a position now would wait in vain: tell them now rather than at their timeout.
    if (outage) this.rejectWaiters(failure);
  }

  private noteSuccess(): void {
    if (this.failure) this.options.logger?.warn(`Projections resumed at position ${this.processed}`);
    this.failure = undefined;
    this.batchRetries.reset();
  }

  /**
   * Applies a batch to every projection in memory, tells the changes, and queues their writes (see
   * writeAll). Applying waits only when too much is left unwritten; a projection that throws, or a read
   * that fails, leaves nothing applied and the batch is tried again.
   */
  private async processBatch(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const last = events[events.length - 1].position;
    const due = [...this.definitions.values()].flatMap((definition) => {
      const checkpoint = this.checkpoints.get(definition.name)!;
      const pending = this.pending.has(definition.name) ? [] : events.filter((event) => event.position > checkpoint.position);
      return pending.length > 0 ? [{ definition, checkpoint, pending }] : [];
    });
    // Each projection reads its own collection, so they go side by side: on a store across the network a
    // batch waits for the slowest projection's round trips rather than for all of them in turn.
    const known = { kept: this.kept, unwritten: this.unwritten };
    const evolved = await Promise.all(
      due.map(({ definition, checkpoint, pending }) => evolveBatch(definition, this.readStore.collection(checkpoint.collection), pending, known)),
    );
    const batch: BatchWrites = { last, states: new Map(), advanced: new Map(), rebuildRequests: [] };
    const changes: DocumentChange[] = [];
    evolved.forEach(({ changes: applied, writes }, index) => {
      const { definition, checkpoint } = due[index];
      changes.push(...applied);
      if (writes.length > 0) batch.states.set(checkpoint.collection, new Map(writes.map((write) => [write.id, write])));
      const next = { ...checkpoint, position: last, updatedAt: new Date().toISOString() };
      batch.advanced.set(definition.name, { checkpoint: next, changed: applied.length > 0 });
    });
    if (this.options.rebuildInBackground) batch.rebuildRequests = events.filter((event) => requestedRebuildOf(event) !== null);
    this.unwritten.add(batch);
    this.applied = last;
    if (changes.length > 0 && this.options.onChange) {
      changes.sort((a, b) => a.position - b.position);
      try {
        this.options.onChange(changes);
      } catch (error) {
        this.options.logger?.error(`Change listener failed: ${(error as Error).message}`);
      }
    }
    this.startWriting();
    while (this.writing && (this.unwritten.batches >= MAX_UNWRITTEN_BATCHES || this.unwritten.size >= MAX_UNWRITTEN_DOCUMENTS)) await this.nextWrite();
  }

  private startWriting(): void {
    if (this.writing || this.idle) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
      this.wakeWriteWaiters();
      // A batch queued as the loop found none left.
      if (this.unwritten.batches > 0) this.startWriting();
    });
  }

  /** Writes the queued batches, in order, until none is left; a refused write is tried again until it lands or the runner stops. */
  private async writeAll(): Promise<void> {
    while (!this.idle && this.unwritten.batches > 0) {
      try {
        await this.writeQueued();
      } catch (error) {
        this.noteFailure('Projection batch failed', error);
        await sleep(this.batchRetries.next(), this.stopping.signal);
      }
    }
  }

  /**
   * Writes every queued batch as one: the documents, then the checkpoints. A projection's checkpoint
   * advances only once its documents and the checkpoint are written; a write that fails part-way is made
   * again in full, the documents that had landed being found at their own positions.
   */
  private async writeQueued(): Promise<void> {
    const batch = this.unwritten.take();
    if (!batch) return;
    try {
      await this.writeBatch(batch);
    } catch (error) {
      this.unwritten.requeue(batch);
      throw error;
    }
    this.unwritten.written(batch);
    for (const { checkpoint } of batch.advanced.values()) this.checkpoints.set(checkpoint._id, checkpoint);
    this.processed = batch.last;
    if (this.options.rebuildInBackground) this.startRequestedRebuilds(batch.rebuildRequests);
    this.noteSuccess();
    this.settleWaiters();
    this.wakeWriteWaiters();
  }

  private async writeBatch(batch: BatchWrites): Promise<void> {
    const options = { fenced: this.fenced, deletions: this.deletions, kept: this.kept };
    // Every write is let finish before a failure is answered, so a retry never runs beside a write in flight.
    const outcomes = await Promise.allSettled(
      [...batch.states].map(([collection, states]) => writeEvolved(this.readStore.collection(collection), [...states.values()], options)),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (batch.advanced.size === 0) return;
    // The marker last: a batch cut short leaves every projection where its own checkpoint says. Fenced as
    // the documents are where nodes share the stores: one that lost the lease cannot move a checkpoint back.
    const advanced = [...batch.advanced.values()];
    const progress = [...advanced.filter((next) => next.changed).map((next) => next.checkpoint), processedMarker(batch.last, advanced.map((next) => next.checkpoint))];
    await writeStates<CheckpointDocument>(
      checkpointsOf(this.readStore),
      progress.map((next) => ({ id: next._id, at: next.position, document: next })),
      this.fenced ? 'position' : undefined,
    );
  }

  /** Resolves once a write lands or the writing stops. */
  private nextWrite(): Promise<void> {
    return new Promise((resolve) => this.writeWaiters.push(resolve));
  }

  private wakeWriteWaiters(): void {
    const waiting = this.writeWaiters;
    this.writeWaiters = [];
    for (const wake of waiting) wake();
  }

  /** Resolves once everything applied is written (or the runner stops or stops leading). */
  private async writesSettled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private startRequestedRebuilds(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      const name = requestedRebuildOf(event);
      if (name === null || event.position <= this.requestsAfter || !this.definitions.has(name)) continue;
      this.options.logger?.warn(`Rebuilding read model ${name} beside the live one, as requested at position ${event.position}`);
      this.rebuild(name).catch((error: Error) => {
        if (!this.stopped) this.options.logger?.error(`Rebuild of ${name} failed: ${error.message}`);
      });
    }
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const remaining: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= this.processed) {
        clearTimeout(waiter.timer);
        waiter.resolve();
      } else remaining.push(waiter);
    }
    this.waiters = remaining;
  }

  private rejectWaiters(error: Error): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiters = [];
  }
}
