import type Database from 'libsql';
import type { SqlKey } from './index-keys';
import { KEY_COLUMNS } from './query-plan';

export type KeyTuple = SqlKey[];

/** One key of a document in an index. */
export interface KeyRow {
  ix: number;
  id: string;
  tuple: KeyTuple;
}

/** Prepared statements of queries built per plan are kept up to this many per collection. */
const MAX_PLAN_STATEMENTS = 64;
const KEY_NAMES = Array.from({ length: KEY_COLUMNS }, (_, i) => `k${i}`);
const ROWS_PER_INSERT = 100;

/**
 * The two tables of one embedded collection: its documents (JSON text by `_id`, in insertion order)
 * and the keys of its secondary indexes, one row per (index, key tuple, document). A document has
 * at least one row per index (a missing field is a null key) and one per array element (multikey).
 */
export class CollectionTables {
  readonly documents: string;
  readonly keys: string;
  private readonly statements: ReturnType<CollectionTables['prepare']>;
  private readonly planStatements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    readonly tableNumber: number,
  ) {
    this.documents = `rs_d${tableNumber}`;
    this.keys = `rs_k${tableNumber}`;
    this.statements = this.prepare();
  }

  static create(db: Database.Database, tableNumber: number): void {
    const documents = `rs_d${tableNumber}`;
    const keys = `rs_k${tableNumber}`;
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${documents} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, tagged INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS ${keys} (ix INTEGER NOT NULL, ${KEY_NAMES.join(', ')}, id TEXT NOT NULL);
      ${keyIndexesSql(keys)}
    `);
  }

  /**
   * Key rows, up to a hundred a statement: one row a call costs more in crossing into SQLite than in
   * writing the row (a document's handful of keys go in one statement). Answers the rowid of the first
   * row written, if any: the rows of one call take consecutive rowids.
   */
  insertKeyRows(rows: readonly KeyRow[]): number | undefined {
    let first: number | undefined;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      const values: SqlKey[] = [];
      for (const { ix, id, tuple } of chunk) {
        values.push(ix);
        for (let column = 0; column < KEY_COLUMNS; column++) values.push(column < tuple.length ? tuple[column] : null);
        values.push(id);
      }
      const last = Number(this.insertKeysStatement(chunk.length).run(...values).lastInsertRowid);
      first ??= last - chunk.length + 1;
    }
    return first;
  }

  private readonly insertKeysStatements = new Map<number, Database.Statement>();

  private insertKeysStatement(rows: number): Database.Statement {
    let statement = this.insertKeysStatements.get(rows);
    if (!statement) {
      const row = `(?, ${KEY_NAMES.map(() => '?').join(', ')}, ?)`;
      statement = this.db.prepare(`INSERT INTO ${this.keys} (ix, ${KEY_NAMES.join(', ')}, id) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`);
      this.insertKeysStatements.set(rows, statement);
    }
    return statement;
  }

  /** Drops the keys table's own indexes, to load many key rows at once (see createKeyIndexes). */
  dropKeyIndexes(): void {
    this.db.exec(`DROP INDEX IF EXISTS ${this.keys}_keys; DROP INDEX IF EXISTS ${this.keys}_id;`);
  }

  /** Indexes the keys table again, in one sort of its rows for each index it lacks. */
  createKeyIndexes(): void {
    this.db.exec(keyIndexesSql(this.keys));
  }

  /**
   * Deletes, for each document noted, its key rows before the row noted (see collection-loading.ts), in
   * one pass over the keys table: it has no index by document then.
   */
  deleteKeysBefore(from: ReadonlyMap<string, number>): void {
    this.db.exec('CREATE TEMP TABLE IF NOT EXISTS rs_keys_from (id TEXT PRIMARY KEY, first INTEGER NOT NULL) WITHOUT ROWID; DELETE FROM temp.rs_keys_from;');
    const note = this.db.prepare('INSERT INTO temp.rs_keys_from (id, first) VALUES (?, ?)');
    for (const [id, first] of from) note.run(id, first);
    this.db.exec(
      `DELETE FROM ${this.keys} WHERE id IN (SELECT id FROM temp.rs_keys_from) AND rowid < (SELECT first FROM temp.rs_keys_from f WHERE f.id = ${this.keys}.id); DELETE FROM temp.rs_keys_from;`,
    );
  }

  /** Deletes every key row, of every index. */
  deleteEveryKey(): void {
    this.db.exec(`DELETE FROM ${this.keys}`);
  }

  /** A document whose key tuple in this index another document has too, if any (for a unique index built at once). */
  sharedKeyHolder(ix: number): string | undefined {
    const columns = KEY_NAMES.join(', ');
    const row = this.db
      .prepare(`SELECT MIN(id) FROM ${this.keys} WHERE ix = ? GROUP BY ${columns} HAVING COUNT(DISTINCT id) > 1 LIMIT 1`)
      .raw(true)
      .get(ix) as [string] | undefined;
    return row?.[0];
  }

  static drop(db: Database.Database, tableNumber: number): void {
    db.exec(`DROP TABLE IF EXISTS rs_d${tableNumber}; DROP TABLE IF EXISTS rs_k${tableNumber};`);
  }

  /** The stored text of a document, or undefined. */
  text(id: string): { text: string; tagged: boolean } | undefined {
    const row = this.statements.selectDocument.get(id) as [string, number] | undefined;
    return row && { text: row[0], tagged: row[1] === 1 };
  }

  /** Every document in insertion order. */
  scan(): IterableIterator<[string, string, number]> {
    return this.statements.scanDocuments.iterate() as IterableIterator<[string, string, number]>;
  }

  /** Up to `limit` documents after row `after`, in insertion order, with their rows. */
  documentsAfter(after: number, limit: number): [rid: number, id: string, text: string, tagged: number][] {
    return this.statements.documentsAfter.all(after, limit) as [number, string, string, number][];
  }

  count(): number {
    return (this.statements.countDocuments.get() as [number])[0];
  }

  /** A document new to the table; false (nothing written) when one with its id is there. */
  insert(id: string, text: string, tagged: boolean): boolean {
    return this.statements.insertDocument.run(id, text, tagged ? 1 : 0).changes === 1;
  }

  upsert(id: string, text: string, tagged: boolean): void {
    this.statements.upsertDocument.run(id, text, tagged ? 1 : 0);
  }

  /** Deletes a document and, unless `keys` is false (a collection being loaded), its keys. */
  deleteDocument(id: string, keys = true): void {
    this.statements.deleteDocument.run(id);
    if (keys) this.statements.deleteAllKeys.run(id);
  }

  /** Deletes the document's keys in one index (before its new ones are inserted). */
  deleteKeys(ix: number, id: string): void {
    this.statements.deleteKeys.run(ix, id);
  }

  /** Another document already holding this key tuple in a unique index, if any. */
  holderOf(ix: number, tuple: KeyTuple, exceptId: string): string | undefined {
    const row = this.statements.selectHolder.get(ix, ...padded(tuple), exceptId) as [string] | undefined;
    return row?.[0];
  }

  deleteIndexKeys(ix: number): void {
    this.statements.deleteIndex.run(ix);
  }

  /** Documents with a key in an index range (each once, multikey or not). */
  countIndexed(where: string, params: readonly SqlKey[]): number {
    return (this.planStatement(`SELECT COUNT(DISTINCT k.id) FROM ${this.keys} k WHERE ${where}`).get(...params) as [number])[0];
  }

  /**
   * The ids of an index range, in the plan's order (repeated for multikey documents); each document is
   * then read by id unless cached. `where` and `orderBy` name the keys table `k` (see query-plan.ts).
   */
  indexIds(where: string, params: readonly SqlKey[], orderBy: string): IterableIterator<[string]> {
    return this.planStatement(this.indexIdsSql(where, orderBy)).iterate(...params) as IterableIterator<[string]>;
  }

  /** SQLite's own plan for an index query, so tests can prove it reads through the indexes, in order. */
  sqlitePlan(where: string, params: readonly SqlKey[], orderBy: string): string[] {
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN ${this.indexIdsSql(where, orderBy)}`).all(...params) as { detail: string }[];
    return rows.map((row) => row.detail);
  }

  private indexIdsSql(where: string, orderBy: string): string {
    return `SELECT k.id FROM ${this.keys} k WHERE ${where}${orderBy}`;
  }

  private planStatement(sql: string): Database.Statement {
    let statement = this.planStatements.get(sql);
    if (!statement) {
      if (this.planStatements.size >= MAX_PLAN_STATEMENTS) this.planStatements.clear();
      statement = this.db.prepare(sql).raw(true);
      this.planStatements.set(sql, statement);
    }
    return statement;
  }

  private prepare() {
    const raw = (sql: string) => this.db.prepare(sql).raw(true);
    const keyMatch = KEY_NAMES.map((name) => `${name} IS ?`).join(' AND ');
    return {
      selectDocument: raw(`SELECT doc, tagged FROM ${this.documents} WHERE id = ?`),
      scanDocuments: raw(`SELECT id, doc, tagged FROM ${this.documents} ORDER BY rid`),
      documentsAfter: raw(`SELECT rid, id, doc, tagged FROM ${this.documents} WHERE rid > ? ORDER BY rid LIMIT ?`),
      countDocuments: raw(`SELECT COUNT(*) FROM ${this.documents}`),
      insertDocument: this.db.prepare(`INSERT INTO ${this.documents} (id, doc, tagged) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      upsertDocument: this.db.prepare(
        `INSERT INTO ${this.documents} (id, doc, tagged) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, tagged = excluded.tagged`,
      ),
      deleteDocument: this.db.prepare(`DELETE FROM ${this.documents} WHERE id = ?`),
      deleteAllKeys: this.db.prepare(`DELETE FROM ${this.keys} WHERE id = ?`),
      deleteKeys: this.db.prepare(`DELETE FROM ${this.keys} WHERE ix = ? AND id = ?`),
      selectHolder: raw(`SELECT id FROM ${this.keys} WHERE ix = ? AND ${keyMatch} AND id <> ? LIMIT 1`),
      deleteIndex: this.db.prepare(`DELETE FROM ${this.keys} WHERE ix = ?`),
    };
  }
}

/** One document of one collection's tables, as a key of maps across collections (the cache, documents sent to the loader). */
export function documentKey(tableNumber: number, id: string): string {
  return `${tableNumber}\u0000${id}`;
}

/** Names of the keys tables (of every collection) without their search index: collections being loaded. */
export function keyTablesLoading(db: Database.Database): Set<string> {
  const rows = db
    .prepare(`SELECT t.name FROM sqlite_master t WHERE t.type = 'table' AND t.name LIKE 'rs_k%' AND NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = t.name || '_keys')`)
    .raw(true)
    .all() as [string][];
  return new Set(rows.map(([name]) => name));
}

function keyIndexesSql(keys: string): string {
  return `CREATE INDEX IF NOT EXISTS ${keys}_keys ON ${keys} (ix, ${KEY_NAMES.join(', ')}, id); CREATE INDEX IF NOT EXISTS ${keys}_id ON ${keys} (id, ix);`;
}

function padded(tuple: KeyTuple): SqlKey[] {
  const values = [...tuple];
  while (values.length < KEY_COLUMNS) values.push(null);
  return values;
}
