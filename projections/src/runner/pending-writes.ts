import type { RecordedEvent } from '../ports/event-store';
import type { StoredDocument } from '../projection';
import type { ProjectionCheckpoint } from './checkpoints';
import type { StateWrite } from './state-writes';

/** What one applied batch leaves to write: its documents' states by collection, and where each projection got to. */
export interface BatchWrites {
  /** Position of the batch's last event. */
  last: number;
  /** Collection name to the states of the documents the batch changed, by id. */
  states: Map<string, Map<string, StateWrite<StoredDocument>>>;
  /** Projection name to its checkpoint after the batch, and whether the batch changed its documents. */
  advanced: Map<string, { checkpoint: ProjectionCheckpoint; changed: boolean }>;
  /** Events of the batch that ask for a rebuild, started once the batch is written. */
  rebuildRequests: RecordedEvent[];
}

/**
 * Batches applied and told to the sockets whose documents are not written yet. The next batches evolve
 * from these states (they are newer than what the store holds), and what queues while one write is under
 * way goes as one write: each document once, at its latest state.
 */
export class PendingWrites {
  private queue: BatchWrites[] = [];
  /** Collection name to id to the latest state not yet written. */
  private readonly unwritten = new Map<string, Map<string, StateWrite<StoredDocument>>>();
  private documents = 0;

  add(batch: BatchWrites): void {
    this.queue.push(batch);
    for (const [collection, states] of batch.states) {
      let held = this.unwritten.get(collection);
      if (!held) this.unwritten.set(collection, (held = new Map()));
      for (const [id, state] of states) {
        if (!held.has(id)) this.documents += 1;
        held.set(id, state);
      }
    }
  }

  /** The newest state of a document not yet written: undefined when there is none, null for a deletion. */
  get(collection: string, id: string): StoredDocument | null | undefined {
    const state = this.unwritten.get(collection)?.get(id);
    return state === undefined ? undefined : state.document;
  }

  /** Batches waiting for their write. */
  get batches(): number {
    return this.queue.length;
  }

  /** Documents whose latest state is not written yet. */
  get size(): number {
    return this.documents;
  }

  /** Every queued batch as one: each document at its latest state, each projection at its last checkpoint. */
  take(): BatchWrites | undefined {
    if (this.queue.length === 0) return undefined;
    const [first, ...rest] = this.queue.splice(0);
    if (rest.length === 0) return first;
    const merged: BatchWrites = { last: first.last, states: new Map(), advanced: new Map(), rebuildRequests: [] };
    for (const batch of [first, ...rest]) {
      merged.last = batch.last;
      for (const [collection, states] of batch.states) {
        const into = merged.states.get(collection) ?? new Map<string, StateWrite<StoredDocument>>();
        for (const [id, state] of states) into.set(id, state);
        merged.states.set(collection, into);
      }
      for (const [name, next] of batch.advanced) {
        merged.advanced.set(name, { checkpoint: next.checkpoint, changed: next.changed || merged.advanced.get(name)?.changed === true });
      }
      merged.rebuildRequests.push(...batch.rebuildRequests);
    }
    return merged;
  }

  /** A batch taken whose write failed goes back first in the queue, to be written with what queued since. */
  requeue(batch: BatchWrites): void {
    this.queue.unshift(batch);
  }

  /** The batch's states are in the store: they are read from there again, unless a later batch changed them since. */
  written(batch: BatchWrites): void {
    for (const [collection, states] of batch.states) {
      const held = this.unwritten.get(collection);
      if (!held) continue;
      for (const [id, state] of states) {
        if (held.get(id) !== state) continue;
        held.delete(id);
        this.documents -= 1;
      }
      if (held.size === 0) this.unwritten.delete(collection);
    }
  }

  /** Everything queued is dropped (the node no longer runs the projections): the next leader applies it again. */
  clear(): void {
    this.queue = [];
    this.unwritten.clear();
    this.documents = 0;
  }
}
