import type { RecordedEvent } from '../ports/event-store';
import type { BulkOperation, Collection, Document } from '../ports/read-store';
import type { ProjectionDefinition } from '../projection';
import { type DocumentStates, evolveDocuments, loadDocuments, touchedBy, writesFor } from './apply-batch';
import type { RebuildPacer } from './rebuild-pacer';
import type { WrittenIds } from './written-ids';

/**
 * The documents a rebuild is building, kept in memory from page to page and written in large groups:
 * a call touched by a dozen events spread over several pages is evolved a dozen times but written about
 * once. At most `maxDocuments` are held; past that every changed one is written and the set starts empty.
 * Nobody reads the collection being built until it is switched in, so it is written in several
 * transactions, one per turn of the event loop, as large as its pacer says.
 */
export class RebuildWorkingSet {
  private readonly states: DocumentStates = new Map();
  private readonly dirty = new Set<string>();
  /** Of the documents held, those the collection has: the others are inserted, which reads nothing first. */
  private readonly stored = new Set<string>();

  constructor(
    private readonly definition: ProjectionDefinition,
    private readonly collection: Collection,
    private readonly maxDocuments: number,
    /** How many documents each transaction writes, and the yields between them. */
    private readonly pacer: RebuildPacer,
    /** What the build has written so far; it started from an empty collection, so nothing else is looked for. */
    private readonly written: WrittenIds,
  ) {}

  async apply(events: readonly RecordedEvent[]): Promise<void> {
    const { work, ids } = touchedBy(this.definition, events);
    if (work.length === 0) return;
    const unseen = [...ids].filter((id) => !this.states.has(id));
    await loadDocuments(this.collection, this.states, unseen.filter((id) => this.written.mightHold(id)));
    for (const id of unseen) {
      if (this.states.get(id)) this.stored.add(id);
      else this.states.set(id, null);
    }
    for (const id of evolveDocuments(this.definition, this.states, work).changed.keys()) this.dirty.add(id);
    if (this.states.size > this.maxDocuments) await this.flush();
  }

  /** Writes every changed document, then forgets them all. */
  async flush(): Promise<void> {
    const writes = [...this.dirty].flatMap((id) => this.writeOf(id));
    for (const id of this.dirty) this.written.add(id);
    for (let start = 0; start < writes.length; ) {
      if (start > 0) await this.pacer.turn();
      const end = start + this.pacer.slice.documents;
      await this.collection.bulkWrite(writes.slice(start, end));
      start = end;
    }
    this.dirty.clear();
    this.states.clear();
    this.stored.clear();
  }

  private writeOf(id: string): BulkOperation<Document>[] {
    const document = this.states.get(id) ?? null;
    if (this.stored.has(id)) return writesFor(this.states, [id]);
    return document ? [{ insertOne: { document } }] : [];
  }
}
