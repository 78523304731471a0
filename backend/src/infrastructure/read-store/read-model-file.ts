import Database from 'libsql';
import type { IndexSpec } from '@ringcheck/projections';
import { immediateTransaction } from '../sqlite';

export interface StoredRow {
  collection: string;
  id: string;
  text: string;
  tagged: boolean;
}

/** Everything one flush writes, applied in one transaction. */
export interface FileChanges {
  droppedCollections: string[];
  /** Collections that exist now, with their full list of secondary indexes. */
  collections: { name: string; indexes: IndexSpec[] }[];
  upserts: StoredRow[];
  deletions: { collection: string; id: string }[];
}

export interface LoadedContents {
  collections: { name: string; indexes: IndexSpec[] }[];
  /** The latest version of every live document. */
  documents: StoredRow[];
}

const ROWS_PER_INSERT = 100;

/**
 * The embedded read store's SQLite file (`read-models.db`).
 *
 * Documents live in an append-only log: each flush appends the new version of every changed document
 * (a NULL doc for a deletion, a NULL id for a dropped collection). Updating rows in place would write
 * pages all over the file for documents with unrelated ids, which is ten times slower than appending
 * during a replay. The log is rewritten with only the live documents once superseded rows outnumber
 * them by far. WAL with synchronous=NORMAL: a crash keeps the last committed flush, which is always a
 * state the process really had. Only this process writes the file, so a write never waits for a lock
 * (the connection's busy timeout is 0): a failed flush is retried by the store instead.
 */
export class ReadModelFile {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<ReadModelFile['prepareStatements']>;
  private logRows = 0;

  constructor(readonly path: string) {
    this.db = new Database(path, { timeout: 0 });
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS read_collections (
        name TEXT PRIMARY KEY,
        indexes TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS read_document_log (
        seq INTEGER PRIMARY KEY,
        collection TEXT NOT NULL,
        id TEXT,
        doc TEXT,
        tagged INTEGER NOT NULL
      );
    `);
    this.statements = this.prepareStatements();
  }

  /** Number of rows in the document log, live or superseded. */
  get logSize(): number {
    return this.logRows;
  }

  load(): LoadedContents {
    const collectionRows = this.statements.selectCollections.raw(true).all() as [string, string][];
    const collections = collectionRows.map(([name, indexes]) => ({ name, indexes: JSON.parse(indexes) as IndexSpec[] }));
    // Newest first: the first row seen for a document is its current version; older ones are skipped unparsed.
    const seen = new Set<string>();
    const dropped = new Set<string>();
    const documents: StoredRow[] = [];
    let rows = 0;
    const log = this.statements.selectLogNewestFirst.raw(true).iterate() as Iterable<[string, string | null, string | null, number]>;
    for (const [collection, id, text, tagged] of log) {
      rows++;
      if (dropped.has(collection)) continue;
      if (id === null) {
        dropped.add(collection);
        continue;
      }
      const key = `${collection}\u0000${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (text !== null) documents.push({ collection, id, text, tagged: tagged === 1 });
    }
    this.logRows = rows;
    documents.reverse();
    return { collections, documents };
  }

  write(changes: FileChanges): void {
    this.logRows += immediateTransaction(this.db, () => this.writeChanges(changes));
  }

  /** Throws unless the file can be written now: takes the write lock and releases it, writing nothing. */
  probeWritable(): void {
    immediateTransaction(this.db, () => undefined);
  }

  /** Replaces the log with just these (live) documents. */
  compact(live: StoredRow[]): void {
    immediateTransaction(this.db, () => {
      this.statements.clearLog.run();
      this.appendRows(live.map((row) => [row.collection, row.id, row.text, row.tagged ? 1 : 0]));
    });
    this.logRows = live.length;
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  close(): void {
    this.db.close();
  }

  /** Returns the number of log rows appended. */
  private writeChanges(changes: FileChanges): number {
    const s = this.statements;
    const rows: unknown[][] = [];
    for (const name of changes.droppedCollections) {
      s.deleteCollection.run(name);
      rows.push([name, null, null, 0]);
    }
    for (const { name, indexes } of changes.collections) s.upsertCollection.run(name, JSON.stringify(indexes));
    for (const row of changes.upserts) rows.push([row.collection, row.id, row.text, row.tagged ? 1 : 0]);
    for (const { collection, id } of changes.deletions) rows.push([collection, id, null, 0]);
    this.appendRows(rows);
    return rows.length;
  }

  private appendRows(rows: unknown[][]): void {
    let start = 0;
    for (; start + ROWS_PER_INSERT <= rows.length; start += ROWS_PER_INSERT) {
      this.statements.appendMany.run(rows.slice(start, start + ROWS_PER_INSERT).flat());
    }
    for (; start < rows.length; start++) this.statements.appendOne.run(rows[start]);
  }

  private prepareStatements() {
    const insert = 'INSERT INTO read_document_log (collection, id, doc, tagged) VALUES ';
    return {
      selectCollections: this.db.prepare('SELECT name, indexes FROM read_collections'),
      selectLogNewestFirst: this.db.prepare('SELECT collection, id, doc, tagged FROM read_document_log ORDER BY seq DESC'),
      upsertCollection: this.db.prepare(
        'INSERT INTO read_collections (name, indexes) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET indexes = excluded.indexes',
      ),
      deleteCollection: this.db.prepare('DELETE FROM read_collections WHERE name = ?'),
      appendOne: this.db.prepare(`${insert}(?, ?, ?, ?)`),
      appendMany: this.db.prepare(insert + Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?)').join(', ')),
      clearLog: this.db.prepare('DELETE FROM read_document_log'),
    };
  }
}
