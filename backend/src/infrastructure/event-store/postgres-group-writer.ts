import type { Pool, PoolClient } from 'pg';
import {
  type AppendFailure,
  type AppendOutcome,
  engineFailure,
  type GroupReply,
  meetsExpectedRevision,
  type PreparedAppend,
  type PreparedEvent,
  partlyStored,
  rememberRevisions,
} from './group-commit-protocol';
import { EVENTS_CHANNEL } from './postgres-event-schema';

/** Streams whose revision is remembered between groups; the oldest are forgotten first. */
const KNOWN_STREAMS_MAX = 20_000;

/** Every event the group writes, in one statement: its rows in position order. */
const INSERT_EVENTS = {
  name: 'rc_insert_events',
  text: `
INSERT INTO rc_events (position, stream_id, revision, id, type, data, metadata)
SELECT e.position, e.stream_id, e.revision, e.id, e.type, e.data::json, e.metadata::json
FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[])
  AS e(position, stream_id, revision, id, type, data, metadata)`,
};
/** The ids of the group's events appended without an exact expected revision. */
const INSERT_IDS = {
  name: 'rc_insert_event_ids',
  text: `INSERT INTO rc_event_ids (stream_id, id, position) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])`,
};
/** The last revision of each of the given streams that has any. */
const READ_REVISIONS = {
  name: 'rc_read_revisions',
  // Each stream's newest row through the (stream_id, revision) index: max() with GROUP BY would read every row of the streams.
  text: `SELECT s.stream_id, (SELECT e.revision FROM rc_events e WHERE e.stream_id = s.stream_id ORDER BY e.revision DESC LIMIT 1) AS revision
FROM unnest($1::text[]) AS s(stream_id)`,
};

/** Which of the given (stream, id) pairs are stored already, with their position and revision. */
const READ_STORED_IDS = {
  name: 'rc_read_stored_ids',
  text: `SELECT i.stream_id, i.id, i.position, e.revision FROM rc_event_ids i JOIN rc_events e ON e.position = i.position
WHERE (i.stream_id, i.id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
};

type StoredIds = Map<string, { position: number; revision: number }>;
const storedKey = (streamId: string, id: string) => `${streamId}\n${id}`;

/** The rows of one INSERT, column by column. */
class GroupRows {
  readonly positions: number[] = [];
  readonly streamIds: string[] = [];
  readonly revisions: number[] = [];
  readonly ids: string[] = [];
  readonly types: string[] = [];
  readonly data: string[] = [];
  readonly metadata: string[] = [];
  readonly idRows: [string[], string[], number[]] = [[], [], []];

  add(streamId: string, firstRevision: number, firstPosition: number, events: readonly PreparedEvent[], byId: boolean): void {
    events.forEach((event, index) => {
      this.positions.push(firstPosition + index);
      this.streamIds.push(streamId);
      this.revisions.push(firstRevision + index);
      this.ids.push(event.id);
      this.types.push(event.type);
      this.data.push(event.data);
      this.metadata.push(event.metadata);
      if (byId) {
        this.idRows[0].push(streamId);
        this.idRows[1].push(event.id);
        this.idRows[2].push(firstPosition + index);
      }
    });
  }
}

const BEGIN_AND_LOCK = 'BEGIN; SELECT position FROM rc_event_head FOR UPDATE';

/**
 * Moves the head, tells the listeners and commits, in one round trip. The position is a number this
 * writer computed, so it goes into the text as digits (a simple query takes no parameters).
 */
function commitAt(head: number): string {
  if (!Number.isSafeInteger(head) || head < 0) throw new Error(`Not a log position: ${head}`);
  return `UPDATE rc_event_head SET position = ${head}; SELECT pg_notify('${EVENTS_CHANNEL}', '${head}'); COMMIT`;
}

/**
 * Commits a group of appends in one transaction, so the group costs one round of locking and one WAL
 * flush. The transaction first locks rc_event_head: every writer of every node waits there, which puts
 * positions in commit order without gaps and makes each stream's last revision safe to read and extend.
 *
 * The group costs the same few round trips however many appends it holds: one query reads the last
 * revision of its streams (those this writer does not know), one the ids of its appends without an
 * exact expected revision, one statement inserts all its events, and each statement is prepared once
 * per connection. A conflict or a retried append is found by reading before writing, so it fails or
 * answers alone without touching the transaction. An error PostgreSQL raises aborts the whole
 * transaction (two appends in one group carrying the same id do too); then each append of the group is
 * tried again in a transaction of its own, so only the bad one fails.
 */
export class PostgresGroupWriter {
  /** Last revision of recently written streams, valid while the head is where this writer left it. */
  private readonly known = new Map<string, number>();
  private knownAtHead: number | undefined;

  constructor(private readonly pool: Pool) {}

  async write(appends: readonly PreparedAppend[]): Promise<GroupReply> {
    let client: PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      return { groupFailure: engineFailure(error) };
    }
    let broken: Error | undefined;
    try {
      const reply = await this.commit(client, appends);
      if (!('aborted' in reply)) return reply;
      if (appends.length === 1) return { groupFailure: reply.aborted };
      const outcomes: AppendOutcome[] = [];
      for (const append of appends) {
        const alone = await this.commit(client, [append]);
        outcomes.push('aborted' in alone ? { ok: false, failure: alone.aborted } : alone.outcomes[0]!);
      }
      return { outcomes };
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      return { groupFailure: engineFailure(error) };
    } finally {
      // A client whose connection failed is discarded rather than handed out again.
      client.release(broken);
    }
  }

  /**
   * The group's outcomes, or `aborted` when PostgreSQL refused a statement and the transaction was rolled
   * back. Throws when the connection itself failed.
   */
  private async commit(client: PoolClient, appends: readonly PreparedAppend[]): Promise<{ outcomes: AppendOutcome[] } | { aborted: AppendFailure }> {
    const written = new Map<string, number>();
    const outcomes: AppendOutcome[] = [];
    try {
      let head = await this.begin(client);
      if (head !== this.knownAtHead) this.known.clear();
      const read = await this.readRevisions(client, appends);
      const storedIds = await this.readStoredIds(client, appends);
      let rows = new GroupRows();
      for (const append of appends) {
        // A conflict on a stream this group wrote is looked up among the rows, so they go in first.
        if (written.has(append.streamId) && !meetsExpectedRevision(append.expected, written.get(append.streamId)!)) rows = await this.insert(client, rows);
        const outcome = await this.planOne(client, append, rows, written, head, read, storedIds);
        if (outcome.ok && outcome.result.position > head) head = outcome.result.position;
        outcomes.push(outcome);
      }
      await this.insert(client, rows);
      await client.query(written.size > 0 ? commitAt(head) : 'COMMIT');
      this.knownAtHead = head;
    } catch (error) {
      this.known.clear();
      this.knownAtHead = undefined;
      if (isConnectionError(error)) throw error;
      await this.rollback(client);
      return { aborted: engineFailure(error) };
    }
    rememberRevisions(this.known, written, KNOWN_STREAMS_MAX);
    return { outcomes };
  }

  /** Opens the group's transaction and locks the head, in one round trip: answers the head's position. */
  private async begin(client: PoolClient): Promise<number> {
    // Several statements in one simple query come back as one result each.
    const results = (await client.query(BEGIN_AND_LOCK)) as unknown as { rows: { position: string }[] }[];
    return Number(results[1]!.rows[0]!.position);
  }

  /**
   * Decides one append against the revisions known so far: its outcome, and its rows added to the
   * group's insert when it is to be written.
   */
  private async planOne(
    client: PoolClient,
    append: PreparedAppend,
    rows: GroupRows,
    written: Map<string, number>,
    head: number,
    read: ReadonlyMap<string, number>,
    storedIds: StoredIds,
  ): Promise<AppendOutcome> {
    const { streamId, expected, events } = append;
    const current = written.get(streamId) ?? this.known.get(streamId) ?? read.get(streamId) ?? -1;
    if (!meetsExpectedRevision(expected, current)) {
      const actual = current >= 0 ? current : 'no_stream';
      return (await this.retryAtRevision(client, append)) ?? { ok: false, failure: { kind: 'concurrency', streamId, expected, actual } };
    }
    const byId = expected === 'any' || expected === 'stream_exists';
    if (byId) {
      const earlier = retryById(append, storedIds);
      if (earlier) return earlier;
    }
    rows.add(streamId, current + 1, head + 1, events, byId);
    const revision = current + events.length;
    written.set(streamId, revision);
    return { ok: true, result: { nextExpectedRevision: revision, position: head + events.length } };
  }

  /** The append stored already right after the revision it expected, in full or (refused) in part. */
  private async retryAtRevision(client: PoolClient, { streamId, expected, events }: PreparedAppend): Promise<AppendOutcome | undefined> {
    const first = expected === 'no_stream' ? 0 : typeof expected === 'number' ? expected + 1 : null;
    if (first === null) return undefined;
    const stored = await client.query<{ id: string; position: string }>(
      'SELECT id, position FROM rc_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3',
      [streamId, first, events.length],
    );
    let matched = 0;
    while (matched < stored.rows.length && stored.rows[matched]!.id === events[matched]!.id) matched += 1;
    if (matched === 0) return undefined;
    if (matched < events.length) return partlyStored(streamId, events, (_, index) => index < matched);
    return { ok: true, result: { nextExpectedRevision: first + matched - 1, position: Number(stored.rows[matched - 1]!.position) } };
  }

  /** Writes the rows planned so far; answers an empty set of rows for what follows. */
  private async insert(client: PoolClient, rows: GroupRows): Promise<GroupRows> {
    if (rows.positions.length > 0) {
      await client.query({
        ...INSERT_EVENTS,
        values: [rows.positions, rows.streamIds, rows.revisions, rows.ids, rows.types, rows.data, rows.metadata],
      });
    }
    if (rows.idRows[0].length > 0) await client.query({ ...INSERT_IDS, values: rows.idRows });
    return new GroupRows();
  }

  /** The ids of the group's appends without an exact expected revision that are stored already, in one query. */
  private async readStoredIds(client: PoolClient, appends: readonly PreparedAppend[]): Promise<StoredIds> {
    const streamIds: string[] = [];
    const ids: string[] = [];
    for (const { streamId, expected, events } of appends) {
      if (expected !== 'any' && expected !== 'stream_exists') continue;
      for (const event of events) {
        streamIds.push(streamId);
        ids.push(event.id);
      }
    }
    if (ids.length === 0) return new Map();
    const result = await client.query<{ stream_id: string; id: string; position: string; revision: number }>({ ...READ_STORED_IDS, values: [streamIds, ids] });
    return new Map(result.rows.map((row) => [storedKey(row.stream_id, row.id), { position: Number(row.position), revision: row.revision }]));
  }

  /** The last revision of each stream of the group this writer does not know (-1 for none yet), in one query. */
  private async readRevisions(client: PoolClient, appends: readonly PreparedAppend[]): Promise<Map<string, number>> {
    const unknown = [...new Set(appends.map((append) => append.streamId))].filter((streamId) => !this.known.has(streamId));
    if (unknown.length === 0) return new Map();
    const result = await client.query<{ stream_id: string; revision: number | null }>({ ...READ_REVISIONS, values: [unknown] });
    return new Map(result.rows.map((row) => [row.stream_id, row.revision ?? -1]));
  }

  private async rollback(client: PoolClient): Promise<void> {
    try {
      await client.query('ROLLBACK');
    } catch {
      // The error that made us roll back is the one worth reporting.
    }
  }
}

/**
 * An append without an exact expected revision whose ids are stored already: a retry (all of them)
 * answered as first written, or refused (some of them); undefined when none is.
 */
function retryById({ streamId, events }: PreparedAppend, storedIds: StoredIds): AppendOutcome | undefined {
  const stored = events.map((event) => storedIds.get(storedKey(streamId, event.id)));
  const found = stored.filter((row) => row !== undefined);
  if (found.length === 0) return undefined;
  if (found.length < events.length) return partlyStored(streamId, events, (_, index) => stored[index] !== undefined);
  const last = found.reduce((latest, row) => (row.position > latest.position ? row : latest));
  return { ok: true, result: { nextExpectedRevision: last.revision, position: last.position } };
}

/**
 * Errors of the connection rather than of the statement: node's socket errors, and PostgreSQL's classes
 * 08 (connection exception), 53 (insufficient resources) and 57P (the server shutting down).
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error && /Connection terminated|not queryable|timeout/i.test(error.message);
  return /^(08|53|57P)/.test(code) || /^E[A-Z_]+$/.test(code);
}
