import type { RecordedEvent } from '../ports/event-store';
import type { BulkOperation, Collection, Document } from '../ports/read-store';
import type { ProjectionDefinition, StoredDocument } from '../projection';

/** One document changed by a batch, as the realtime gateway pushes it. */
export interface DocumentChange<D extends Document = Document> {
  projection: string;
  documentId: string;
  /** The document after the change, or null when it was deleted. */
  document: StoredDocument<D> | null;
  /** Rooms of the document after the change (or before, for a deletion). */
  rooms: string[];
  position: number;
}

/** Whether the change is one of `projection`'s read model: its document is then typed as that projection's. */
export function isChangeOf<D extends Document>(projection: ProjectionDefinition<D>, change: DocumentChange): change is DocumentChange<D> {
  return change.projection === projection.name;
}

function idsOf(definition: ProjectionDefinition, event: RecordedEvent): readonly string[] {
  const ids = definition.documentId(event);
  if (ids === null) return [];
  return typeof ids === 'string' ? [ids] : ids;
}

/**
 * Applies events (in position order) to one projection's collection: loads every touched document
 * in one query, evolves them in memory and writes them back in one bulk write.
 * Events at or below a document's `_position` are skipped, so redelivery is a no-op.
 */
export async function applyBatch(
  definition: ProjectionDefinition,
  collection: Collection,
  events: readonly RecordedEvent[],
): Promise<DocumentChange[]> {
  const handled = new Set(definition.handles);
  const work: Array<{ event: RecordedEvent; ids: readonly string[] }> = [];
  const touchedIds = new Set<string>();
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    const ids = idsOf(definition, event);
    if (ids.length === 0) continue;
    work.push({ event, ids });
    for (const id of ids) touchedIds.add(id);
  }
  if (work.length === 0) return [];

  const existing = (await collection.find({ _id: { $in: [...touchedIds] } })) as StoredDocument[];
  const current = new Map<string, StoredDocument | null>(existing.map((doc) => [doc._id, doc]));
  // Rooms of each document's latest non-deleted state, so a deletion reaches whoever followed it.
  const lastRooms = new Map<string, string[]>(existing.map((doc) => [doc._id, doc._rooms ?? []]));
  const changed = new Map<string, number>();

  for (const { event, ids } of work) {
    for (const id of ids) {
      const before = current.get(id) ?? null;
      if (before && before._position >= event.position) continue;
      const after = definition.evolve(before, event);
      if (after === null) {
        if (before === null) continue;
        current.set(id, null);
      } else {
        const stored = after as StoredDocument;
        const rooms = definition.rooms ? definition.rooms(stored) : [];
        current.set(id, { ...stored, _id: id, _position: event.position, _rooms: rooms });
        lastRooms.set(id, rooms);
      }
      changed.set(id, event.position);
    }
  }
  if (changed.size === 0) return [];

  const operations: BulkOperation<Document>[] = [];
  const changes: DocumentChange[] = [];
  for (const [id, position] of changed) {
    const document = current.get(id) ?? null;
    if (document) operations.push({ replaceOne: { filter: { _id: id }, replacement: document, upsert: true } });
    else operations.push({ deleteOne: { filter: { _id: id } } });
    changes.push({
      projection: definition.name,
      documentId: id,
      document,
      rooms: document ? document._rooms : (lastRooms.get(id) ?? []),
      position,
    });
  }
  await collection.bulkWrite(operations);
  return changes;
}
