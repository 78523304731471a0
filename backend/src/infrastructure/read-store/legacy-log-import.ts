import type Database from 'libsql';
import type { IndexSpec } from '@ringcheck/projections';
import type { CollectionInfo } from './collection-catalog';

interface ImportHost {
  ensure(name: string): CollectionInfo;
  addIndexes(info: CollectionInfo, specs: readonly IndexSpec[]): number;
  write<T>(work: () => T): T;
}

/**
 * Files written by earlier versions kept every collection as an append-only log of document versions
 * (`read_document_log`) loaded whole into memory. Their live documents move into the collection tables
 * once, in one transaction, and the log goes.
 */
export function importLegacyLog(db: Database.Database, store: ImportHost): void {
  const legacy = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'read_document_log'").raw(true).get();
  if (!legacy) return;
  store.write(() => {
    const seen = new Set<string>();
    const dropped = new Set<string>();
    // Newest first: the first row of a document is its current version (a null doc: deleted).
    const log = db.prepare('SELECT collection, id, doc, tagged FROM read_document_log ORDER BY seq DESC').raw(true);
    for (const [collection, id, text, tagged] of log.iterate() as Iterable<[string, string | null, string | null, number]>) {
      if (dropped.has(collection)) continue;
      if (id === null) {
        dropped.add(collection);
        continue;
      }
      const key = `${collection}\u0000${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (text !== null) store.ensure(collection).tables.upsert(id, text, tagged === 1);
    }
    const collections = db.prepare('SELECT name, indexes FROM read_collections').raw(true).all() as [string, string][];
    for (const [name, indexes] of collections) {
      const info = store.ensure(name);
      store.addIndexes(info, JSON.parse(indexes) as IndexSpec[]);
    }
    db.exec('DROP TABLE read_document_log; DROP TABLE read_collections;');
  });
}
