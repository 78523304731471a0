import type Database from 'libsql';
import { EVENT_COLUMNS } from './sqlite-event-schema';
import type { SqliteEventRow } from './sqlite-event-row';

/** SQLite's "no limit" value for LIMIT. */
export const NO_LIMIT = -1;

/**
 * The event store's read statements, all in raw (array) mode (the writer thread has its own). libsql
 * ignores pluck(), so single values are read as the first cell of a raw row.
 */
export class SqliteEventStatements {
  private readonly streamForwardsStatement: Database.Statement;
  private readonly streamBackwardsStatement: Database.Statement;
  private readonly allStatement: Database.Statement;
  private readonly headStatement: Database.Statement;
  private readonly dataVersionStatement: Database.Statement;
  /** By the number of types read. */
  private readonly ofTypesStatements = new Map<number, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    const prepare = (sql: string): Database.Statement => db.prepare(sql).raw(true);
    this.streamForwardsStatement = prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    );
    this.streamBackwardsStatement = prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    );
    this.allStatement = prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`);
    this.headStatement = prepare('SELECT MAX(position) FROM events');
    // Changes only when another connection (this process or another) commits to the file.
    this.dataVersionStatement = prepare('PRAGMA data_version');
  }

  streamForwards(streamId: string, fromRevision: number, limit: number): SqliteEventRow[] {
    return this.streamForwardsStatement.all(streamId, fromRevision, limit) as SqliteEventRow[];
  }

  streamBackwards(streamId: string, fromRevision: number, limit: number): SqliteEventRow[] {
    return this.streamBackwardsStatement.all(streamId, fromRevision, limit) as SqliteEventRow[];
  }

  after(position: number, limit: number): SqliteEventRow[] {
    return this.allStatement.all(position, limit) as SqliteEventRow[];
  }

  /** Events of the given types (no repeats) after position, oldest first. */
  afterOfTypes(position: number, types: readonly string[], limit: number): SqliteEventRow[] {
    if (types.length === 0) return [];
    const args = types.length === 1 ? [types[0], position, limit] : [...types.flatMap((type) => [type, position, limit]), limit];
    return this.ofTypesStatement(types.length).all(...args) as SqliteEventRow[];
  }

  headPosition(): number {
    const row = this.headStatement.get() as [number | null];
    return row[0] ?? 0;
  }

  dataVersion(): number {
    return (this.dataVersionStatement.get() as [number])[0];
  }

  /**
   * One type reads its stretch of events_by_type. For several, each type's stretch gives at most `limit`
   * positions from the index alone, the merge of them keeps the first `limit`, and only those rows are
   * read: the cost follows the page read, not the events of those types still ahead.
   */
  private ofTypesStatement(count: number): Database.Statement {
    let statement = this.ofTypesStatements.get(count);
    if (!statement) {
      const fromIndex = 'SELECT position FROM events WHERE type = ? AND position > ? ORDER BY position LIMIT ?';
      const sql =
        count === 1
          ? `SELECT ${EVENT_COLUMNS} FROM events WHERE type = ? AND position > ? ORDER BY position LIMIT ?`
          : `SELECT ${EVENT_COLUMNS} FROM events WHERE position IN (` +
            Array.from({ length: count }, () => `SELECT position FROM (${fromIndex})`).join(' UNION ALL ') +
            ' ORDER BY position LIMIT ?) ORDER BY position';
      statement = this.db.prepare(sql).raw(true);
      this.ofTypesStatements.set(count, statement);
    }
    return statement;
  }
}
