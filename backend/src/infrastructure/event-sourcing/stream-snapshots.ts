import { createHash } from 'node:crypto';
import type { Collection, Document, EventStore } from '@ringcheck/projections';
import type { Decider, DomainEvent } from './decider';

/** How a decider's state is kept between commands, for streams that grow all their life (a user's, a workspace's). */
export interface SnapshotCodec<State> {
  /**
   * Raised when what a state means changes in a way evolve's own code does not show (a helper it calls,
   * an upcaster of its events): snapshots of another version, or of another evolve, are not used.
   */
  version: number;
  /** A JSON value sharing nothing with the state (the state goes on changing in place). */
  encode(state: State): unknown;
  decode(stored: unknown): State;
}

/** A stream's state as it stood at one revision (the position is that event's). */
export interface StreamSnapshot<State> {
  state: State;
  revision: number;
  position: number;
}

interface SnapshotDocument extends Document {
  kind: string;
  revision: number;
  position: number;
  state: unknown;
}

/** Events between two snapshots of a stream: a command reads at most this many besides its snapshot. */
export const SNAPSHOT_EVERY = 100;

export const SNAPSHOTS_COLLECTION = 'stream_snapshots';

type SnapshottedDecider<State> = Pick<Decider<unknown, State, DomainEvent>, 'evolve' | 'snapshot'>;

const kinds = new WeakMap<object, string>();

/** What a snapshot was made by: the codec's version and evolve's code, so a release that changes either ignores older ones. */
function kindOf(decider: SnapshottedDecider<unknown>): string {
  let kind = kinds.get(decider);
  if (kind === undefined) {
    const code = createHash('sha256').update(decider.evolve.toString()).digest('hex').slice(0, 16);
    kind = `${decider.snapshot!.version}:${code}`;
    kinds.set(decider, kind);
  }
  return kind;
}

/**
 * Snapshots of long streams, kept in a collection of the read store: a cache, since each is what the
 * stream's own events fold to at its revision. One is written when an append takes a stream past a
 * multiple of SNAPSHOT_EVERY; a command then reads the snapshot and the events after it. A snapshot
 * that cannot be read, or was made by another codec version or evolve, is ignored: the stream is read whole.
 */
export class StreamSnapshots {
  constructor(
    private readonly collection: Collection<SnapshotDocument>,
    private readonly every = SNAPSHOT_EVERY,
  ) {}

  async load<State>(streamId: string, decider: SnapshottedDecider<State>): Promise<StreamSnapshot<State> | null> {
    if (!decider.snapshot) return null;
    try {
      const stored = await this.collection.findOne({ _id: streamId });
      if (!stored || stored.kind !== kindOf(decider)) return null;
      return { state: decider.snapshot.decode(stored.state), revision: stored.revision, position: stored.position };
    } catch {
      return null;
    }
  }

  /**
   * Whether the stream is long enough to have a snapshot: a command on it loads the snapshot and the
   * events after it, so its state is not worth keeping in memory between commands (recent-states.ts).
   */
  covers(decider: SnapshottedDecider<unknown>, revision: number): boolean {
    return decider.snapshot !== undefined && revision + 1 >= this.every;
  }

  /** After an append from revision `from` to `to` (the state's): keeps a snapshot if it passed a multiple of `every`. */
  saveIfDue<State>(streamId: string, decider: SnapshottedDecider<State>, from: number, to: StreamSnapshot<State>): void {
    if (!decider.snapshot || Math.floor((to.revision + 1) / this.every) === Math.floor((from + 1) / this.every)) return;
    const document: SnapshotDocument = { _id: streamId, kind: kindOf(decider), revision: to.revision, position: to.position, state: decider.snapshot.encode(to.state) };
    // Not waited for: a lost snapshot costs the next command a longer read, nothing more.
    this.collection.replaceOne({ _id: streamId }, document, { upsert: true }).catch(() => undefined);
  }
}

const byStore = new WeakMap<EventStore, StreamSnapshots>();

/** The snapshots commands on an event store's streams use (none until attached: every stream is read whole). */
export const streamSnapshots = {
  attach(store: EventStore, snapshots: StreamSnapshots): void {
    byStore.set(store, snapshots);
  },
  of(store: EventStore): StreamSnapshots | undefined {
    return byStore.get(store);
  },
};
