import type { RecordedEvent } from '../ports/event-store';
import type { BulkOperation, BulkWriteOptions, Collection, Document, Filter } from '../ports/read-store';
import { type ProjectionDefinition, type StoredDocument, withoutBookkeeping } from '../projection';
import { applyBatch } from '../runner/apply-batch';

/** What a projection holds after the given events. */
export interface Projected<D extends Document> {
  /** Every document by id, without the runner's bookkeeping. */
  readonly documents: Record<string, D>;
  /** The one document the events left, or null when they left none; fails when they left several. */
  readonly document: D | null;
  /** Rooms the runner gives the document `id` (default: the only one). */
  rooms(id?: string): string[];
}

/** Only what `applyBatch` uses of a collection: `find` by ids and `bulkWrite`. */
class InMemoryCollection {
  readonly name = 'given';
  readonly stored = new Map<string, StoredDocument>();

  async find(filter: Filter): Promise<StoredDocument[]> {
    const ids = (filter._id as { $in: string[] }).$in;
    return ids.flatMap((id) => (this.stored.has(id) ? [this.stored.get(id)!] : []));
  }

  async bulkWrite(operations: BulkOperation<Document>[], _options?: BulkWriteOptions): Promise<void> {
    for (const operation of operations) {
      if ('replaceOne' in operation) this.stored.set(operation.replaceOne.replacement._id, operation.replaceOne.replacement as StoredDocument);
      else if ('deleteOne' in operation) this.stored.delete(operation.deleteOne.filter._id as string);
    }
  }
}

/** Positions in the order given, whatever order the events were built in; an event given twice keeps its first position. */
function inOrderGiven(events: RecordedEvent[]): RecordedEvent[] {
  const positions = new Map<RecordedEvent, number>();
  return events.map((event) => {
    if (!positions.has(event)) positions.set(event, positions.size + 1);
    return { ...event, position: positions.get(event)! };
  });
}

/**
 * Given these events, in this order, applied by the runner's own batch step (so unhandled events,
 * deletions and redelivered events behave as in production): then these documents.
 * Giving the same event object twice is a redelivery.
 */
export async function given<D extends Document>(projection: ProjectionDefinition<D>, ...events: RecordedEvent[]): Promise<Projected<D>> {
  const collection = new InMemoryCollection();
  await applyBatch(projection as unknown as ProjectionDefinition, collection as unknown as Collection, inOrderGiven(events));
  const stored = [...collection.stored.values()];
  const only = (): StoredDocument | null => {
    if (stored.length > 1) throw new Error(`The events left ${stored.length} documents (${stored.map((doc) => doc._id).join(', ')}): name one`);
    return stored[0] ?? null;
  };
  const documentOf = (id?: string): StoredDocument => {
    const doc = id === undefined ? only() : (collection.stored.get(id) ?? null);
    if (!doc) throw new Error(id === undefined ? 'The events left no document' : `The events left no document ${id}`);
    return doc;
  };
  return {
    documents: Object.fromEntries(stored.map((doc) => [doc._id, withoutBookkeeping(doc) as unknown as D])),
    get document() {
      const doc = only();
      return doc ? (withoutBookkeeping(doc) as unknown as D) : null;
    },
    rooms: (id) => documentOf(id)._rooms,
  };
}
