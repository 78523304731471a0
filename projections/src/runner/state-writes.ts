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
 * An upsert whose filter misses because the stored state is newer fails as a duplicate `_id`; the writes
 * are then made again one at a time (those that landed find their own state, equal, and are left as they
 * are). A duplicate over an older or equal state is something else (a unique index) and is thrown.
 */
export async function writeStates<D extends Document>(
  collection: Collection<D>,
  writes: readonly StateWrite<D>[],
  fence?: string,
  deletions?: Deletions,
): Promise<Set<string>> {
  if (!fence || !deletions) return writeFenced(collection, writes, fence);
  await rememberDeletions(deletions.tombstones, collection.name, writes);
  const newer = await writeFenced(collection, writes, fence);
  if (!deletions.landedLate()) return newer;
  for (const id of await undoResurrections(deletions.tombstones, collection, writes, fence, newer)) newer.add(id);
  return newer;
}

async function writeFenced<D extends Document>(collection: Collection<D>, writes: readonly StateWrite<D>[], fence?: string): Promise<Set<string>> {
  const operation = (write: StateWrite<D>) => stateOperation(write, fence);
  const newer = new Set<string>();
  try {
    // One write per document: in any order, side by side where the store is across the network.
    await collection.bulkWrite(writes.map(operation), { ordered: false });
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

/**
 * A deletion remembered for fenced writes: a late batch's upsert of a document the newer leader deleted
 * finds nothing to compare its position with and would bring the document back.
 */
export interface Tombstone extends Document {
  collection: string;
  documentId: string;
  /** The log position of the deletion. */
  at: number;
  /** Epoch milliseconds, for forgetting it: a batch is never late by more than a lease and a batch. */
  deletedAt: number;
}

/** How fenced writes keep deletions deleted. */
export interface Deletions {
  tombstones: Collection<Tombstone>;
  /**
   * Whether writes just acknowledged may have landed after the writer's lease lapsed: only then can a newer
   * leader have deleted something in between, and the tombstones are looked at.
   */
  landedLate(): boolean;
}

export const TOMBSTONES_COLLECTION = 'projection_tombstones';
const TOMBSTONE_LIFETIME_MS = 60 * 60_000;

/** Written before the deletions, so a late upsert either lands before them (and is deleted) or sees them. */
async function rememberDeletions(tombstones: Collection<Tombstone>, collection: string, writes: readonly StateWrite[]): Promise<void> {
  const deletions = writes.filter((write) => write.document === null);
  if (deletions.length === 0) return;
  const now = Date.now();
  await writeFenced(
    tombstones,
    deletions.map(({ id, at }) => ({ id: `${collection}/${id}`, at, document: { _id: `${collection}/${id}`, collection, documentId: id, at, deletedAt: now } })),
    'at',
  );
  await tombstones.deleteMany({ deletedAt: { $lt: now - TOMBSTONE_LIFETIME_MS } });
}

/**
 * Deletes again what this batch upserted over a deletion made at a later position (by a newer leader),
 * and answers those ids. Checked after the upserts: a deletion remembered later deleted them itself.
 */
async function undoResurrections<D extends Document>(
  tombstones: Collection<Tombstone>,
  collection: Collection<D>,
  writes: readonly StateWrite<D>[],
  fence: string,
  newer: ReadonlySet<string>,
): Promise<string[]> {
  const upserts = new Map(writes.filter((write) => write.document !== null && !newer.has(write.id)).map((write) => [write.id, write.at]));
  if (upserts.size === 0) return [];
  const since = Math.min(...upserts.values());
  const undone: string[] = [];
  for (const tombstone of await tombstones.find({ collection: collection.name, at: { $gt: since } })) {
    const at = upserts.get(tombstone.documentId);
    if (at === undefined || tombstone.at <= at) continue;
    await collection.deleteOne({ _id: tombstone.documentId, [fence]: { $lte: at } });
    undone.push(tombstone.documentId);
  }
  return undone;
}
