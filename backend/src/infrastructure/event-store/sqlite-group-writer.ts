import type Database from 'libsql';
import {
  type AppendFailure,
  type AppendOutcome,
  type GroupReply,
  meetsExpectedRevision,
  type PreparedAppend,
  sqliteFailure,
} from './group-commit-protocol';

/** Streams whose revision is remembered between groups; the oldest are forgotten first. */
const KNOWN_STREAMS_MAX = 20_000;

function isUniqueViolationOf(error: unknown, column: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes(column);
}

/**
 * Commits a group of appends in one IMMEDIATE transaction, so the whole group costs one sync.
 * Each append runs inside its own savepoint: a conflict, a stored id or an error rolls back that
 * append only and fails it alone. Later appends of the group see the earlier ones, and positions
 * follow the order of the group.
 */
export class SqliteGroupWriter {
  private readonly currentRevisionStatement: Database.Statement;
  private readonly storedEventStatement: Database.Statement;
  private readonly insertStatement: Database.Statement;
  private readonly savepointStatement: Database.Statement;
  private readonly releaseStatement: Database.Statement;
  private readonly dataVersionStatement: Database.Statement;
  /**
   * Last revision of recently written streams as of this connection's last commit. Valid only while no
   * other connection (another process, say) has committed since, which PRAGMA data_version tells.
   */
  private readonly known = new Map<string, number>();
  private knownAtDataVersion: number | undefined;

  constructor(private readonly db: Database.Database) {
    const prepare = (sql: string): Database.Statement => db.prepare(sql).raw(true);
    this.currentRevisionStatement = prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?');
    this.storedEventStatement = prepare('SELECT revision, position FROM events WHERE stream_id = ? AND id = ?');
    this.insertStatement = db.prepare(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.savepointStatement = db.prepare('SAVEPOINT append');
    this.releaseStatement = db.prepare('RELEASE append');
    this.dataVersionStatement = prepare('PRAGMA data_version');
  }

  write(appends: readonly PreparedAppend[]): GroupReply {
    // Only a rollback that failed (an I/O error) can leave a transaction open here; it would refuse BEGIN.
    if (this.db.inTransaction) this.rollbackQuietly();
    const written = new Map<string, number>();
    const outcomes: AppendOutcome[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      this.forgetIfOthersWrote();
      for (const append of appends) outcomes.push(this.writeOne(append, written));
      this.db.exec('COMMIT');
    } catch (error) {
      this.rollbackQuietly();
      this.known.clear();
      return { groupFailure: sqliteFailure(error) };
    }
    this.remember(written);
    return { outcomes };
  }

  /** Throws only when the whole transaction is lost; every other failure is this append's outcome. */
  private writeOne(append: PreparedAppend, written: Map<string, number>): AppendOutcome {
    const { streamId, expected, events } = append;
    let current: number;
    try {
      current = written.get(streamId) ?? this.known.get(streamId) ?? this.readRevision(streamId);
    } catch (error) {
      return this.failedRead(error);
    }
    if (!meetsExpectedRevision(expected, current)) {
      const actual = current >= 0 ? current : 'no_stream';
      return this.earlierResultOr(append, { kind: 'concurrency', streamId, expected, actual });
    }
    // A single INSERT that fails undoes itself (statement rollback); several need a savepoint.
    const guarded = events.length > 1;
    if (guarded) this.savepointStatement.run();
    let revision = current;
    let position = 0;
    try {
      for (const event of events) {
        revision += 1;
        const inserted = this.insertStatement.run(event.id, streamId, revision, event.type, event.data, event.metadata);
        position = Number(inserted.lastInsertRowid);
      }
    } catch (error) {
      // SQLite rolls the whole transaction back on some errors (a full disk, an I/O error).
      if (!this.db.inTransaction) throw error;
      if (guarded) this.db.exec('ROLLBACK TO append; RELEASE append');
      // A revision already taken means the remembered revisions were wrong: read them afresh from now on.
      if (isUniqueViolationOf(error, 'events.revision')) this.known.clear();
      const failure = sqliteFailure(error);
      return isUniqueViolationOf(error, 'events.id') ? this.earlierResultOr(append, failure) : { ok: false, failure };
    }
    if (guarded) this.releaseStatement.run();
    written.set(streamId, revision);
    return { ok: true, result: { nextExpectedRevision: revision, position } };
  }

  private earlierResultOr(append: PreparedAppend, failure: AppendFailure): AppendOutcome {
    try {
      return this.earlierResult(append) ?? { ok: false, failure };
    } catch (error) {
      return this.failedRead(error);
    }
  }

  /** A read that failed fails its append, unless it took the transaction with it. */
  private failedRead(error: unknown): AppendOutcome {
    if (!this.db.inTransaction) throw error;
    return { ok: false, failure: sqliteFailure(error) };
  }

  /**
   * When every id of the append is stored in the stream already (committed, or earlier in this group),
   * the append is a retry: it answers what the first one answered. A batch only partly stored is refused.
   */
  private earlierResult({ streamId, events }: PreparedAppend): AppendOutcome | undefined {
    const stored = events.map((event) => this.storedEventStatement.get(streamId, event.id) as [number, number] | undefined);
    if (stored.every((found) => found === undefined)) return undefined;
    if (stored.some((found) => found === undefined)) {
      return {
        ok: false,
        failure: {
          kind: 'idempotency',
          streamId,
          storedIds: events.filter((_, index) => stored[index] !== undefined).map((event) => event.id),
          newIds: events.filter((_, index) => stored[index] === undefined).map((event) => event.id),
        },
      };
    }
    const [revision, position] = stored[stored.length - 1]!;
    return { ok: true, result: { nextExpectedRevision: revision, position } };
  }

  private readRevision(streamId: string): number {
    const row = this.currentRevisionStatement.get(streamId) as [number | null];
    return row[0] ?? -1;
  }

  private forgetIfOthersWrote(): void {
    const version = (this.dataVersionStatement.get() as [number])[0];
    if (version !== this.knownAtDataVersion) {
      this.known.clear();
      this.knownAtDataVersion = version;
    }
  }

  private remember(written: Map<string, number>): void {
    for (const [streamId, revision] of written) {
      this.known.delete(streamId);
      this.known.set(streamId, revision);
    }
    for (const streamId of this.known.keys()) {
      if (this.known.size <= KNOWN_STREAMS_MAX) break;
      this.known.delete(streamId);
    }
  }

  private rollbackQuietly(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch {
      // The error that made us roll back is the one worth reporting.
    }
  }
}
