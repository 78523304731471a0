import { setTimeout as sleep } from 'node:timers/promises';
import { type Document, nextTurn } from '@ringcheck/projections';
import { type CollectionInfo, type IndexInfo, keyTuples } from './collection-catalog';
import type { KeyRow } from './collection-tables';
import { decodeDocument } from './document-codec';

/** Documents keyed a transaction: about 5 ms of parsing for a call's 9 kB, so requests wait little behind one. */
const SLICE_DOCUMENTS = 100;
/** Pause after a slice that failed (the write lock held by another process, say) before it is tried again. */
const RETRY_MS = 1000;

export interface BackfillHost {
  /** Runs `work` in a write transaction of its own (the catalog current in it). */
  writeAsync<T>(work: () => T): Promise<T>;
  /** The collection as the catalog has it now; undefined once dropped. Call inside `writeAsync`. */
  collectionInfo(name: string): CollectionInfo | undefined;
  /** Makes the index searchable. Call inside `writeAsync`. */
  markBuilt(info: CollectionInfo, index: IndexInfo): void;
}

/**
 * Fills the keys of indexes added to collections that hold documents while the store serves. Such an
 * index is declared at once, so every write keeps its keys from then on, but queries do not use it
 * (`searchableIndexes`); its keys are then written a slice of documents per transaction, in the order
 * they were inserted, with the event loop free between slices; the last slice makes it searchable.
 * Each document's keys are deleted and written again from its stored text in the same transaction, so
 * a document written meanwhile, or a slice done again after a crash, ends with exactly its own keys.
 */
export class IndexBackfills {
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly host: BackfillHost) {}

  /** Fills the index unless that is under way already. */
  start(collection: string, ix: number): void {
    const key = `${collection}\u0000${ix}`;
    if (this.stopped || this.running.has(key)) return;
    this.running.set(
      key,
      this.fill(collection, ix).finally(() => this.running.delete(key)),
    );
  }

  /** Resolves once no index is being filled (of `collection`, when named). */
  async settled(collection?: string): Promise<void> {
    for (;;) {
      const pending = [...this.running].filter(([key]) => collection === undefined || key.startsWith(`${collection}\u0000`));
      if (pending.length === 0) return;
      await Promise.all(pending.map(([, run]) => run));
    }
  }

  /** Stops after the slice under way; what is not filled is filled when the index is asked for again. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private async fill(collection: string, ix: number): Promise<void> {
    let after = 0;
    while (!this.stopped) {
      // The event loop runs whatever waits between two slices.
      await nextTurn();
      if (this.stopped) return;
      let next: number | null;
      try {
        next = await this.host.writeAsync(() => this.slice(collection, ix, after));
      } catch {
        await sleep(RETRY_MS);
        continue;
      }
      if (next === null) return;
      after = next;
    }
  }

  /** Keys the documents after row `after`; answers the last row keyed, or null once the index is built (or gone). */
  private slice(collection: string, ix: number, after: number): number | null {
    const info = this.host.collectionInfo(collection);
    const index = info?.indexes.find((candidate) => candidate.ix === ix);
    if (!info || !index?.building) return null;
    const rows: KeyRow[] = [];
    let last = after;
    let documents = 0;
    for (const [rid, id, text, tagged] of info.tables.documentsAfter(after, SLICE_DOCUMENTS)) {
      info.tables.deleteKeys(ix, id);
      for (const tuple of keyTuples(index, decodeDocument<Document>(text, tagged === 1))) rows.push({ ix, id, tuple });
      last = rid;
      documents++;
    }
    info.tables.insertKeyRows(rows);
    if (documents === SLICE_DOCUMENTS) return last;
    this.host.markBuilt(info, index);
    return null;
  }
}
