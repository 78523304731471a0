import { type BulkOperation, type Collection, type Document, DuplicateKeyError } from '../ports/read-store';

/** A document to store as of log position `at`, or to delete (null). */
export interface StateWrite<D extends Document = Document> {
  id: string;
  at: number;
  document: D | null;
}

/** The operation storing one state: an upsert, or a deletion; with `fence`, only over a state whose `fence` is below `at`. */
export function stateOperation<D extends Document>({ id, at, document }: StateWrite<D>, fence?: string): BulkOperation<D> {
  const filter = fence ? { _id: id, [fence]: { $lt: at } } : { _id: id };
  return document ? { replaceOne: { filter, replacement: document, upsert: true } } : { deleteOne: { filter } };
}

/**
 * Stores the states in one bulk write. With `fence`, each only over an older state of it (its `fence`
 * field below `at`): leases end by the clock, so a node that lost the projections lease while its batch
 * was under way may land that batch after the node that took over wrote later states, and must not take
 * a document back. Answers the ids found newer than this write (left as they were).
 *
 * An upsert whose filter misses because the stored state is newer fails as a duplicate `_id`; an ordered
 * bulk write stops there, so the writes are then made one at a time. A duplicate over an older or equal
 * state is something else (a unique index) and is thrown.
 */
export async function writeStates<D extends Document>(collection: Collection<D>, writes: readonly StateWrite<D>[], fence?: string): Promise<Set<string>> {
  const operation = (write: StateWrite<D>) => stateOperation(write, fence);
  const newer = new Set<string>();
  try {
    await collection.bulkWrite(writes.map(operation));
    return newer;
  } catch (error) {
    if (!fence || !(error instanceof DuplicateKeyError)) throw error;
  }
  for (const write of writes) {
    try {
      await collection.bulkWrite([operation(write)]);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = (await collection.findOne({ _id: write.id })) as Record<string, unknown> | null;
      const storedAt = stored?.[fence];
      if (typeof storedAt !== 'number' || storedAt < write.at) throw error;
      // Equal: this very write, landed before the bulk write stopped.
      if (storedAt > write.at) newer.add(write.id);
    }
  }
  return newer;
}
