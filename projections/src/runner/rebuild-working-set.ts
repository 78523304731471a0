import type { RecordedEvent } from '../ports/event-store';
import type { Collection } from '../ports/read-store';
import type { ProjectionDefinition } from '../projection';
import { type DocumentStates, evolveDocuments, loadDocuments, touchedBy, writesFor } from './apply-batch';

/** Documents written per transaction when the working set is flushed: each is a short pause of the event loop. */
const WRITE_CHUNK = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The documents a rebuild is building, kept in memory from page to page and written in large groups:
 * a call touched by a dozen events spread over several pages is evolved a dozen times but written about
 * once. At most `maxDocuments` are held; past that every changed one is written and the set starts empty.
 * Nobody reads the collection being built until it is switched in, so it is written in several
 * transactions, a chunk per event-loop turn.
 */
export class RebuildWorkingSet {
  private readonly states: DocumentStates = new Map();
  private readonly dirty = new Set<string>();

  constructor(
    private readonly definition: ProjectionDefinition,
    private readonly collection: Collection,
    private readonly maxDocuments: number,
  ) {}

  async apply(events: readonly RecordedEvent[]): Promise<void> {
    const { work, ids } = touchedBy(this.definition, events);
    if (work.length === 0) return;
    await loadDocuments(this.collection, this.states, ids);
    for (const id of evolveDocuments(this.definition, this.states, work).changed.keys()) this.dirty.add(id);
    if (this.states.size > this.maxDocuments) await this.flush();
  }

  /** Writes every changed document, then forgets them all. */
  async flush(): Promise<void> {
    const ids = [...this.dirty];
    for (let start = 0; start < ids.length; start += WRITE_CHUNK) {
      if (start > 0) await nextTurn();
      await this.collection.bulkWrite(writesFor(this.states, ids.slice(start, start + WRITE_CHUNK)));
    }
    this.dirty.clear();
    this.states.clear();
  }
}
