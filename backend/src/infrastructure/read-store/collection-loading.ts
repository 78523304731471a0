import type { Document } from '@ringcheck/projections';
import { type CollectionInfo, type IndexInfo, keyTuples } from './collection-catalog';
import type { KeyRow } from './collection-tables';
import { decodeDocument } from './document-codec';

/**
 * An empty collection loaded with its indexes declared (`createIndexes(…, { loading: true })`, as a
 * rebuild does): its keys table has no index at all, so a new document's keys are appended as it is
 * written, with the document at hand. A document written again or deleted meanwhile cannot have its
 * keys found without an index; it is noted in `rekey` and its keys redone at the end. Nobody queries
 * the collection until then (a query would scan, and could see stale keys).
 * `rekey` is 'all' when the store did not load it itself (another process, or one before a restart).
 */
export interface CollectionLoading {
  rekey: Set<string> | 'all';
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
 * Makes a loaded collection's keys right and searchable (inside a write transaction): the keys of the
 * documents noted are deleted and written again from what they are now, then the keys table is
 * indexed, in one sort per index.
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
    tables.createKeyIdIndex();
    for (const id of loading.rekey) {
      tables.deleteAllKeys(id);
      const row = tables.text(id);
      if (row) tables.insertKeyRows(keyRowsOf(info.indexes, decodeDocument<Document>(row.text, row.tagged)));
    }
  }
  tables.createKeyIndexes();
}
