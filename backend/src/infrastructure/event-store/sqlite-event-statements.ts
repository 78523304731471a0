import type Database from 'libsql';
import { EVENT_COLUMNS } from './sqlite-event-schema';
import type { SqliteEventRow } from './sqlite-event-row';

/** SQLite's "no limit" value for LIMIT. */
export const NO_LIMIT = -1;

/**
 * The prepared statements of the event store, all in raw (array) mode. libsql ignores pluck(),
 * so single values are read as the first cell of a raw row.
 */
export class SqliteEventStatements {
  private readonly currentRevisionStatement: Database.Statement;
  private readonly storedEventStatement: Database.Statement;
  private readonly insertStatement: Database.Statement;
  private readonly streamForwardsStatement: Database.Statement;
  private readonly streamBackwardsStatement: Database.Statement;
  private readonly allStatement: Database.Statement;
  private readonly headStatement: Database.Statement;
  private readonly dataVersionStatement: Database.Statement;

  constructor(db: Database.Database) {
    const prepare = (sql: string): Database.Statement => db.prepare(sql).raw(true);
    this.currentRevisionStatement = prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?');
    this.storedEventStatement = prepare('SELECT revision, position FROM events WHERE stream_id = ? AND id = ?');
    this.insertStatement = db.prepare(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
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

  /** Revision of the stream's last event, or -1 when the stream has none. */
  currentRevision(streamId: string): number {
    const row = this.currentRevisionStatement.get(streamId) as [number | null];
    return row[0] ?? -1;
  }

  storedEvent(streamId: string, eventId: string): { revision: number; position: number } | undefined {
    const row = this.storedEventStatement.get(streamId, eventId) as [number, number] | undefined;
    return row && { revision: row[0], position: row[1] };
  }

  /** Inserts one event and returns its position. */
  insert(eventId: string, streamId: string, revision: number, type: string, data: string, metadata: string): number {
    return Number(this.insertStatement.run(eventId, streamId, revision, type, data, metadata).lastInsertRowid);
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

  headPosition(): number {
    const row = this.headStatement.get() as [number | null];
    return row[0] ?? 0;
  }

  dataVersion(): number {
    return (this.dataVersionStatement.get() as [number])[0];
  }
}
