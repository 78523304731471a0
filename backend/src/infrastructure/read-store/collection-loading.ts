import type { Document } from '@ringcheck/projections';
import { type CollectionInfo, type IndexInfo, keyTuples } from './collection-catalog';
import type { KeyRow } from './collection-tables';
import { decodeDocument } from './document-codec';

/**
 * An empty collection loaded with its indexes declared (`createIndexes(…, { loading: true })`, as a
 * rebuild does): its keys table has no index at all, so a document's keys are appended as it is
 * written, with the document at hand. The keys of a document written before cannot be found without an
 * index, so they stay, and `rekey` notes from which row of the keys table (its rowid) the document's
 * keys are current; a deleted document has none current. At the end the stale rows are deleted in one
 * pass. Nobody queries the collection until then (a query would scan, and could see stale keys).
 * `rekey` is 'all' when the store did not load it itself (another process, or one before a restart):
 * then every document is keyed again.
 */
export interface CollectionLoading {
  rekey: Map<string, number> | 'all';
  /**
   * Its writes go to the store's loader thread (see collection-loader.ts), which keeps the notes of
   * documents written again until the collection is released back to this thread.
   */
  inThread?: boolean;
}

/** Where the current keys of a deleted document start: after every row. */
export const NO_CURRENT_KEYS = Number.MAX_SAFE_INTEGER;

/**
 * Notes that a document's keys before row `from` of the keys table are stale (see CollectionLoading).
 * Returns how to take the note back, for a write that is rolled back: the rows it appended are undone
 * and their rowids handed out again.
 */
export function noteCurrentKeys(loading: CollectionLoading, id: string, from: number): (() => void) | undefined {
  const { rekey } = loading;
  if (rekey === 'all') return undefined;
  const before = rekey.get(id);
  rekey.set(id, from);
  return () => (before === undefined ? rekey.delete(id) : rekey.set(id, before));
}

/** Key rows written a statement at a time while every document is keyed again. */
const ROWS_PER_WRITE = 1000;

/** The rows of a document's keys in these indexes. */
export function keyRowsOf(indexes: readonly IndexInfo[], doc: Document): KeyRow[] {
  const rows: KeyRow[] = [];
  for (const index of indexes) for (const tuple of keyTuples(index, doc)) rows.push({ ix: index.ix, id: doc._id, tuple });
  return rows;
}

/**
 * Makes a loaded collection's keys right and searchable (inside a write transaction): the stale keys of
 * the documents noted are deleted (every document is keyed again when which ones is not known), then
 * the keys table is indexed, in one sort per index.
 */
export function finishLoading(info: CollectionInfo, loading: CollectionLoading): void {
  const { tables } = info;
  if (loading.rekey === 'all') {
    tables.deleteEveryKey();
    let rows: KeyRow[] = [];
    for (const [, text, tagged] of tables.scan()) {
      rows.push(...keyRowsOf(info.indexes, decodeDocument<Document>(text, tagged === 1)));
      if (rows.length >= ROWS_PER_WRITE) {
        tables.insertKeyRows(rows);
        rows = [];
      }
    }
    tables.insertKeyRows(rows);
  } else if (loading.rekey.size > 0) {
    tables.deleteKeysBefore(loading.rekey);
  }
  tables.createKeyIndexes();
}
