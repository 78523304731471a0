import type Database from 'libsql';
import type { IndexSpec } from '@ringcheck/projections';
import type { CollectionLoading } from './collection-loading';
import { CollectionTables, type KeyTuple, keyTablesLoading } from './collection-tables';
import { fieldKeys, splitPath } from './index-keys';
import { KEY_COLUMNS, type PlannedIndex } from './query-plan';

/** A secondary index of an embedded collection. */
export interface IndexInfo extends PlannedIndex {
  spec: IndexSpec;
  unique: boolean;
  paths: readonly (readonly string[])[];
  /** Added to a collection that held documents, its keys still being filled (index-backfill.ts): writes keep it, queries do not use it. */
  building: boolean;
}

export interface CollectionInfo {
  name: string;
  tables: CollectionTables;
  indexes: IndexInfo[];
  /** Being loaded, its keys not yet searchable (see collection-loading.ts); null once it is not. */
  loading: CollectionLoading | null;
}

interface StoredIndex {
  ix: number;
  keys: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
  building?: true;
}

/** The `rs_collections` table: which tables hold each collection, and its indexes. */
export class CollectionCatalog {
  private readonly byName = new Map<string, CollectionInfo>();

  constructor(private readonly db: Database.Database) {
    db.exec('CREATE TABLE IF NOT EXISTS rs_collections (name TEXT PRIMARY KEY, tbl INTEGER NOT NULL UNIQUE, indexes TEXT NOT NULL)');
    this.reload();
  }

  get(name: string): CollectionInfo | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }

  /** Reads the catalog again, after another connection may have changed it. */
  reload(): void {
    const rows = this.db.prepare('SELECT name, tbl, indexes FROM rs_collections').raw(true).all() as [string, number, string][];
    const previous = new Map(this.byName);
    const loading = keyTablesLoading(this.db);
    this.byName.clear();
    for (const [name, tbl, indexes] of rows) {
      const known = previous.get(name);
      const tables = known && known.tables.tableNumber === tbl ? known.tables : new CollectionTables(this.db, tbl);
      // Which documents need their keys redone is known only to the store that loaded them.
      const stillLoading = loading.has(tables.keys) ? (known?.loading ?? { rekey: 'all' as const }) : null;
      this.byName.set(name, { name, tables, indexes: (JSON.parse(indexes) as StoredIndex[]).map(indexInfo), loading: stillLoading });
    }
  }

  /** Creates the collection's tables and catalog row; call inside a write transaction. */
  create(name: string): CollectionInfo {
    const row = this.db.prepare('SELECT COALESCE(MAX(tbl), 0) + 1 FROM rs_collections').raw(true).get() as [number];
    const tbl = row[0];
    CollectionTables.create(this.db, tbl);
    this.db.prepare('INSERT INTO rs_collections (name, tbl, indexes) VALUES (?, ?, ?)').run(name, tbl, '[]');
    const info: CollectionInfo = { name, tables: new CollectionTables(this.db, tbl), indexes: [], loading: null };
    this.byName.set(name, info);
    return info;
  }

  drop(name: string): CollectionInfo | undefined {
    const info = this.byName.get(name);
    if (!info) return undefined;
    CollectionTables.drop(this.db, info.tables.tableNumber);
    this.db.prepare('DELETE FROM rs_collections WHERE name = ?').run(name);
    this.byName.delete(name);
    return info;
  }

  /**
   * Registers a new index: its keys are filled by the caller in the same transaction, or, `building`,
   * a slice at a time after it (it is not searched until `markBuilt`).
   */
  addIndex(info: CollectionInfo, spec: IndexSpec, name: string, building = false): IndexInfo {
    const fields = Object.keys(spec.keys);
    if (fields.length > KEY_COLUMNS) throw new Error(`An index of the embedded store has at most ${KEY_COLUMNS} fields`);
    const ix = info.indexes.reduce((max, index) => Math.max(max, index.ix), 0) + 1;
    const index = indexInfo({ ix, keys: spec.keys, name, unique: spec.unique === true, ...(building ? { building: true } : {}) });
    info.indexes.push(index);
    this.saveIndexes(info);
    return index;
  }

  /** The index's keys are all there: queries may use it from now on. Call inside a write transaction. */
  markBuilt(info: CollectionInfo, index: IndexInfo): void {
    index.building = false;
    this.saveIndexes(info);
  }

  private saveIndexes(info: CollectionInfo): void {
    const stored: StoredIndex[] = info.indexes.map((index) => ({
      ix: index.ix,
      keys: index.spec.keys,
      name: index.name,
      unique: index.unique,
      ...(index.building ? { building: true as const } : {}),
    }));
    this.db.prepare('UPDATE rs_collections SET indexes = ? WHERE name = ?').run(JSON.stringify(stored), info.name);
  }
}

function indexInfo(stored: StoredIndex): IndexInfo {
  const fields = Object.keys(stored.keys);
  return {
    ix: stored.ix,
    name: stored.name,
    fields,
    paths: fields.map(splitPath),
    unique: stored.unique === true,
    spec: { keys: stored.keys, unique: stored.unique === true, name: stored.name },
    building: stored.building === true,
  };
}

/** The indexes queries may use: all but those still being filled. */
export function searchableIndexes(info: CollectionInfo): readonly IndexInfo[] {
  return info.indexes.some((index) => index.building) ? info.indexes.filter((index) => !index.building) : info.indexes;
}

/** Every key tuple a document has in an index: the product of its fields' keys. */
export function keyTuples(index: IndexInfo, doc: object): KeyTuple[] {
  // While every field has one key (the usual case) there is one tuple, built in place.
  const single: KeyTuple = [];
  let tuples: KeyTuple[] | undefined;
  for (const parts of index.paths) {
    const keys = fieldKeys(doc, parts);
    if (!tuples && keys.length === 1) single.push(keys[0]);
    else tuples = (tuples ?? [single]).flatMap((prefix) => keys.map((key) => [...prefix, key]));
  }
  return tuples ?? [single];
}

export function sameTuples(a: readonly KeyTuple[], b: readonly KeyTuple[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const left = a[i];
    const right = b[i];
    for (let j = 0; j < left.length; j++) {
      const x = left[j];
      const y = right[j];
      if (x === y) continue;
      if (Buffer.isBuffer(x) && Buffer.isBuffer(y) && x.equals(y)) continue;
      return false;
    }
  }
  return true;
}
