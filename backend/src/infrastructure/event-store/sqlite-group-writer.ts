import type Database from 'libsql';
import { type AppendOutcome, engineFailure, type GroupReply, meetsExpectedRevision, partlyStored, type PreparedAppend, rememberRevisions } from './group-commit-protocol';

/** Events of one append inserted by one statement at most. */
const ROWS_PER_INSERT = 100;
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
 *
 * A retried append is answered what the first one was answered. With an exact expected revision its
 * events, if stored, sit right after that revision; without one ('any', 'stream_exists') its ids are
 * looked up in event_ids, which only such appends fill.
 */
export class SqliteGroupWriter {
  private readonly currentRevisionStatement: Database.Statement;
  private readonly eventAtRevisionStatement: Database.Statement;
  private readonly storedIdStatement: Database.Statement;
  private readonly revisionAtStatement: Database.Statement;
  private readonly storedEventStatement: Database.Statement;
  private readonly insertStatement: Database.Statement;
  private readonly insertIdStatement: Database.Statement;
  private readonly insertRowsStatements = new Map<number, Database.Statement>();
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
    this.eventAtRevisionStatement = prepare('SELECT id, position FROM events WHERE stream_id = ? AND revision = ?');
    this.storedIdStatement = prepare('SELECT position FROM event_ids WHERE stream_id = ? AND id = ?');
    this.revisionAtStatement = prepare('SELECT revision FROM events WHERE position = ?');
    // Files made before event_ids index (stream_id, id) on events itself; only their refusals lead here.
    this.storedEventStatement = prepare('SELECT revision, position FROM events WHERE stream_id = ? AND id = ?');
    this.insertStatement = db.prepare(
      'INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertIdStatement = db.prepare('INSERT INTO event_ids (stream_id, id, position) VALUES (?, ?, ?)');
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
      return { groupFailure: engineFailure(error) };
    }
    rememberRevisions(this.known, written, KNOWN_STREAMS_MAX);
    return { outcomes };
  }

  /** Throws only when the whole transaction is lost; every other failure is this append's outcome. */
  private writeOne(append: PreparedAppend, written: Map<string, number>): AppendOutcome {
    const { streamId, expected, events } = append;
    let current = 0;
    const unread = this.read(() => {
      current = written.get(streamId) ?? this.known.get(streamId) ?? this.readRevision(streamId);
      return undefined;
    });
    if (unread) return unread;
    if (!meetsExpectedRevision(expected, current)) {
      const actual = current >= 0 ? current : 'no_stream';
      return this.read(() => this.retryAtRevision(append)) ?? { ok: false, failure: { kind: 'concurrency', streamId, expected, actual } };
    }
    const byId = expected === 'any' || expected === 'stream_exists';
    if (byId) {
      const earlier = this.read(() => this.retryById(append));
      if (earlier) return earlier;
    }
    // A single INSERT that fails undoes itself (statement rollback); several writes need a savepoint.
    const guarded = events.length > 1 || byId;
    if (guarded) this.savepointStatement.run();
    let revision = current;
    let position = 0;
    try {
      for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
        const rows = events.slice(start, start + ROWS_PER_INSERT);
        const values = rows.flatMap((event) => [event.id, streamId, (revision += 1), event.type, event.data, event.metadata]);
        position = Number(this.insertRows(rows.length).run(...values).lastInsertRowid);
        // The rows of one INSERT take consecutive rowids, the last one reported.
        if (byId) rows.forEach((event, index) => this.insertIdStatement.run(streamId, event.id, position - (rows.length - 1 - index)));
      }
    } catch (error) {
      // SQLite rolls the whole transaction back on some errors (a full disk, an I/O error).
      if (!this.db.inTransaction) throw error;
      if (guarded) this.db.exec('ROLLBACK TO append; RELEASE append');
      // A revision already taken means the remembered revisions were wrong: read them afresh from now on.
      if (isUniqueViolationOf(error, 'events.revision')) this.known.clear();
      const failure = engineFailure(error);
      if (!isUniqueViolationOf(error, 'events.id')) return { ok: false, failure };
      return this.read(() => this.retryInOlderFile(append)) ?? { ok: false, failure };
    }
    if (guarded) this.releaseStatement.run();
    written.set(streamId, revision);
    return { ok: true, result: { nextExpectedRevision: revision, position } };
  }

  /** An INSERT of `count` events at once: an event a statement costs more in calls than in writing. */
  private insertRows(count: number): Database.Statement {
    if (count === 1) return this.insertStatement;
    let statement = this.insertRowsStatements.get(count);
    if (!statement) {
      const row = '(?, ?, ?, ?, ?, ?)';
      statement = this.db.prepare(`INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES ${Array.from({ length: count }, () => row).join(', ')}`);
      this.insertRowsStatements.set(count, statement);
    }
    return statement;
  }

  /** Runs a read; one that fails is its append's failure, unless it took the transaction with it. */
  private read(work: () => AppendOutcome | undefined): AppendOutcome | undefined {
    try {
      return work();
    } catch (error) {
      if (!this.db.inTransaction) throw error;
      return { ok: false, failure: engineFailure(error) };
    }
  }

  /** The append stored already right after the revision it expected, in full or (refused) in part. */
  private retryAtRevision({ streamId, expected, events }: PreparedAppend): AppendOutcome | undefined {
    const first = expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected + 1 : null;
    if (first === null) return undefined;
    let matched = 0;
    let position = 0;
    for (const event of events) {
      const row = this.eventAtRevisionStatement.get(streamId, first + matched) as [string, number] | undefined;
      if (!row || row[0] !== event.id) break;
      position = row[1];
      matched += 1;
    }
    if (matched === 0) return undefined;
    if (matched < events.length) return partlyStored(streamId, events, (_, index) => index < matched);
    return { ok: true, result: { nextExpectedRevision: first + matched - 1, position } };
  }

  /** The append's ids found in event_ids: all of them (a retry), some (refused), or none. */
  private retryById({ streamId, events }: PreparedAppend): AppendOutcome | undefined {
    const positions = events.map((event) => (this.storedIdStatement.get(streamId, event.id) as [number] | undefined)?.[0]);
    if (positions.every((position) => position === undefined)) return undefined;
    if (positions.some((position) => position === undefined)) return partlyStored(streamId, events, (_, index) => positions[index] !== undefined);
    const position = positions[positions.length - 1]!;
    const [revision] = this.revisionAtStatement.get(position) as [number];
    return { ok: true, result: { nextExpectedRevision: revision, position } };
  }

  /** In a file made before event_ids, an id already in the stream is refused by events' own index. */
  private retryInOlderFile({ streamId, events }: PreparedAppend): AppendOutcome | undefined {
    const stored = events.map((event) => this.storedEventStatement.get(streamId, event.id) as [number, number] | undefined);
    if (stored.every((found) => found === undefined)) return undefined;
    if (stored.some((found) => found === undefined)) return partlyStored(streamId, events, (_, index) => stored[index] !== undefined);
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


  private rollbackQuietly(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch {
      // The error that made us roll back is the one worth reporting.
    }
  }
}
