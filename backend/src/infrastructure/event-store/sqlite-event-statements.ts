import type Database from 'libsql';
import { EVENT_COLUMNS } from './sqlite-event-schema';
import type { SqliteEventRow } from './sqlite-event-row';

/** SQLite's "no limit" value for LIMIT. */
export const NO_LIMIT = -1;

/**
 * Share of the log from which types are read by a scan of it rather than through events_by_type. Measured
 * on 1,000,000 events: at 76-81 % of the log the scan took 0.6-0.7 of the time, at 9-18 % about the same,
 * below 1 % ten times as long.
 */
export const DENSE_SHARE = 0.5;

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
  private readonly scanOfTypesStatements = new Map<number, Database.Statement>();
  private readonly typeCountsStatement: Database.Statement;
  private typeCounts: { head: number; total: number; byType: Map<string, number> } | undefined;

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
    this.typeCountsStatement = prepare('SELECT type, COUNT(*) FROM events GROUP BY type');
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

  /**
   * Events of the given types (no repeats) after position, oldest first. Types that make up most of the
   * log (a rebuild of every read model) are read by scanning the log in order, which reads far fewer
   * pages than gathering their positions from events_by_type; fewer ones through that index.
   */
  afterOfTypes(position: number, types: readonly string[], limit: number): SqliteEventRow[] {
    if (types.length === 0) return [];
    if (this.shareOf(types) >= DENSE_SHARE) return this.scanOfTypesStatement(types.length).all(position, ...types, limit) as SqliteEventRow[];
    const args = types.length === 1 ? [types[0], position, limit] : [...types.flatMap((type) => [type, position, limit]), limit];
    return this.ofTypesStatement(types.length).all(...args) as SqliteEventRow[];
  }

  /** The share of the log these types make up, from counts taken again once the log grew by a quarter. */
  private shareOf(types: readonly string[]): number {
    const head = this.headPosition();
    if (!this.typeCounts || head > this.typeCounts.head * 1.25) {
      const rows = this.typeCountsStatement.all() as [string, number][];
      this.typeCounts = { head, total: rows.reduce((sum, [, count]) => sum + count, 0), byType: new Map(rows) };
    }
    const { total, byType } = this.typeCounts;
    if (total === 0) return 0;
    return types.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0) / total;
  }

  /** `+type` keeps SQLite from reading through events_by_type. */
  private scanOfTypesStatement(count: number): Database.Statement {
    let statement = this.scanOfTypesStatements.get(count);
    if (!statement) {
      const placeholders = Array.from({ length: count }, () => '?').join(', ');
      statement = this.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND +type IN (${placeholders}) ORDER BY position LIMIT ?`).raw(true);
      this.scanOfTypesStatements.set(count, statement);
    }
    return statement;
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
