import type { Pool, PoolClient } from 'pg';
import {
  type AppendFailure,
  type AppendOutcome,
  engineFailure,
  type GroupReply,
  meetsExpectedRevision,
  type PreparedAppend,
  partlyStored,
  rememberRevisions,
} from './group-commit-protocol';
import { EVENTS_CHANNEL } from './postgres-event-schema';

/** Streams whose revision is remembered between groups; the oldest are forgotten first. */
const KNOWN_STREAMS_MAX = 20_000;

const INSERT_EVENTS = `
INSERT INTO rc_events (position, stream_id, revision, id, type, data, metadata)
SELECT $1::bigint + e.n - 1, $2, $3::integer + e.n - 1, e.id, e.type, e.data::json, e.metadata::json
FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS e(id, type, data, metadata, n)`;
const INSERT_IDS = `
INSERT INTO rc_event_ids (stream_id, id, position)
SELECT $1, e.id, $2::bigint + e.n - 1 FROM unnest($3::text[]) WITH ORDINALITY AS e(id, n)`;

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
 * A conflict or a retried append is found by reading before writing, so it fails or answers alone
 * without touching the transaction. An error PostgreSQL raises aborts the whole transaction; then each
 * append of the group is tried again in a transaction of its own, so only the bad one fails.
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
      for (const append of appends) {
        const outcome = await this.writeOne(client, append, written, head);
        if (outcome.ok && outcome.result.position > head) head = outcome.result.position;
        outcomes.push(outcome);
      }
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

  private async writeOne(client: PoolClient, append: PreparedAppend, written: Map<string, number>, head: number): Promise<AppendOutcome> {
    const { streamId, expected, events } = append;
    const current = written.get(streamId) ?? this.known.get(streamId) ?? (await this.readRevision(client, streamId));
    if (!meetsExpectedRevision(expected, current)) {
      const actual = current >= 0 ? current : 'no_stream';
      return (await this.retryAtRevision(client, append)) ?? { ok: false, failure: { kind: 'concurrency', streamId, expected, actual } };
    }
    const byId = expected === 'any' || expected === 'stream_exists';
    if (byId) {
      const earlier = await this.retryById(client, append);
      if (earlier) return earlier;
    }
    const first = head + 1;
    await client.query(INSERT_EVENTS, [
      first,
      streamId,
      current + 1,
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => event.data),
      events.map((event) => event.metadata),
    ]);
    if (byId) await client.query(INSERT_IDS, [streamId, first, events.map((event) => event.id)]);
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

  /** The append's ids found in rc_event_ids: all of them (a retry), some (refused), or none. */
  private async retryById(client: PoolClient, { streamId, events }: PreparedAppend): Promise<AppendOutcome | undefined> {
    const stored = await client.query<{ id: string; position: string; revision: number }>(
      `SELECT i.id, i.position, e.revision FROM rc_event_ids i JOIN rc_events e ON e.position = i.position
       WHERE i.stream_id = $1 AND i.id = ANY($2::text[])`,
      [streamId, events.map((event) => event.id)],
    );
    if (stored.rows.length === 0) return undefined;
    const found = new Set(stored.rows.map((row) => row.id));
    if (found.size < events.length) return partlyStored(streamId, events, (event) => found.has(event.id));
    const last = stored.rows.reduce((latest, row) => (Number(row.position) > Number(latest.position) ? row : latest));
    return { ok: true, result: { nextExpectedRevision: last.revision, position: Number(last.position) } };
  }

  private async readRevision(client: PoolClient, streamId: string): Promise<number> {
    const result = await client.query<{ revision: number | null }>('SELECT max(revision) AS revision FROM rc_events WHERE stream_id = $1', [streamId]);
    return result.rows[0]?.revision ?? -1;
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
 * Errors of the connection rather than of the statement: node's socket errors, and PostgreSQL's classes
 * 08 (connection exception), 53 (insufficient resources) and 57P (the server shutting down).
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error && /Connection terminated|not queryable|timeout/i.test(error.message);
  return /^(08|53|57P)/.test(code) || /^E[A-Z_]+$/.test(code);
}
