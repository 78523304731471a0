import { type BulkOperation, type Collection, type Document, DuplicateKeyError } from '../ports/read-store';

/** A document to store as of log position `at`, or to delete (null). */
export interface FencedWrite<D extends Document = Document> {
  id: string;
  at: number;
  document: D | null;
}

/**
 * Writes each document only over an older state of it (its `field` below `at`). Leases end by the clock:
 * a node that lost the projections lease while its batch was under way may land that batch after the
 * node that took over wrote later states, and must not take a document back. Answers the ids found
 * newer than this write (left as they were).
 *
 * An upsert whose filter misses because the stored state is newer fails as a duplicate `_id`; an ordered
 * bulk write stops there, so the writes are then made one at a time. A duplicate over an older or equal
 * state is something else (a unique index) and is thrown.
 */
export async function writeFenced<D extends Document>(collection: Collection<D>, writes: readonly FencedWrite<D>[], field: string): Promise<Set<string>> {
  const operation = ({ id, at, document }: FencedWrite<D>): BulkOperation<D> => {
    const filter = { _id: id, [field]: { $lt: at } };
    return document ? { replaceOne: { filter, replacement: document, upsert: true } } : { deleteOne: { filter } };
  };
  const newer = new Set<string>();
  try {
    await collection.bulkWrite(writes.map(operation));
    return newer;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  for (const write of writes) {
    try {
      await collection.bulkWrite([operation(write)]);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = (await collection.findOne({ _id: write.id })) as Record<string, unknown> | null;
      const storedAt = stored?.[field];
      if (typeof storedAt !== 'number' || storedAt < write.at) throw error;
      // Equal: this very write, landed before the bulk write stopped.
      if (storedAt > write.at) newer.add(write.id);
    }
  }
  return newer;
}
