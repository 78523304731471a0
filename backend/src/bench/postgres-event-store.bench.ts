import { Client, Pool } from 'pg';
import { PostgresEventStore } from '../infrastructure/event-store/postgres-event-store';
import type { BenchOptions } from './bench-options';
import { BATCH, type Contender, FULL, measure, type Measured, medianOf, QUICK, READ_PAGE, STREAM_LENGTH, storeContender } from './event-store-workloads';
import { printTable, report } from './stats';

/**
 * The PostgreSQL event store (the one several nodes share) side by side with its floor on this engine,
 * in one run, on the embedded store's four workloads. Needs POSTGRES_URL.
 */

const ours = async (url: string): Promise<Contender> => storeContender(await PostgresEventStore.connect(url));

const FLOOR_COLUMNS = 'position, id, stream_id, revision, type, data, metadata';
const FLOOR_SCHEMA = `
CREATE TABLE events (position bigint PRIMARY KEY, stream_id text NOT NULL, revision integer NOT NULL, id text NOT NULL,
  type text NOT NULL, data json NOT NULL, metadata json NOT NULL, UNIQUE (stream_id, revision));
CREATE TABLE head (position bigint NOT NULL);
INSERT INTO head VALUES (0);`;

/**
 * The floor: raw `pg`, the smallest table that keeps a gapless global order and per-stream revisions,
 * and the appends that arrive while a commit runs committed together: lock the head, read the group's
 * revisions in one query, insert its events in one, move the head, commit. Each append is checked
 * against its expected revision. No idempotency by id, no retries, no listeners notified.
 */
async function rawPgFloor(url: string): Promise<Contender> {
  const pool = new Pool({ connectionString: url, max: 2 });
  type Queued = { streamId: string; revision: number; rows: string[][]; settle: (error?: Error) => void };
  let queue: Queued[] = [];
  let committing: Promise<void> | undefined;
  const commit = async (group: Queued[]) => {
    const client = await pool.connect();
    try {
      const results = (await client.query('BEGIN; SELECT position FROM head FOR UPDATE')) as unknown as { rows: { position: string }[] }[];
      let head = Number(results[1]!.rows[0]!.position);
      const streams = [...new Set(group.map((queued) => queued.streamId))];
      const read = await client.query<{ stream_id: string; revision: number | null }>({
        name: 'floor_revisions',
        text: `SELECT s.stream_id, (SELECT e.revision FROM events e WHERE e.stream_id = s.stream_id ORDER BY e.revision DESC LIMIT 1) AS revision
          FROM unnest($1::text[]) AS s(stream_id)`,
        values: [streams],
      });
      const revisions = new Map(read.rows.map((row) => [row.stream_id, row.revision ?? -1]));
      const columns: [number[], string[], number[], string[], string[], string[], string[]] = [[], [], [], [], [], [], []];
      const failures = group.map(({ streamId, revision, rows }) => {
        let current = revisions.get(streamId) ?? -1;
        if (current !== revision) return new Error(`${streamId} is at ${current}, not ${revision}`);
        for (const [id, type, data, metadata] of rows) {
          columns[0].push(++head);
          columns[1].push(streamId);
          columns[2].push(++current);
          columns[3].push(id!);
          columns[4].push(type!);
          columns[5].push(data!);
          columns[6].push(metadata!);
        }
        revisions.set(streamId, current);
        return undefined;
      });
      await client.query({
        name: 'floor_insert',
        text: `INSERT INTO events SELECT e.position, e.stream_id, e.revision, e.id, e.type, e.data::json, e.metadata::json
          FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[]) AS e(position, stream_id, revision, id, type, data, metadata)`,
        values: columns,
      });
      await client.query(`UPDATE head SET position = ${head}; COMMIT`);
      group.forEach((queued, index) => queued.settle(failures[index]));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      for (const queued of group) queued.settle(error as Error);
    } finally {
      client.release();
    }
  };
  const drain = async () => {
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      await commit(group);
    }
    committing = undefined;
  };
  const readRows = async (name: string, text: string, values: unknown[]) => {
    const { rows } = await pool.query<{ position: string }>({ name, text, values });
    return rows;
  };
  await pool.query(FLOOR_SCHEMA);
  return {
    name: 'floor',
    append: (streamId, revision, events) =>
      new Promise<void>((resolve, reject) => {
        const rows = events.map((event) => [event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)]);
        queue.push({ streamId, revision, rows, settle: (error) => (error ? reject(error) : resolve()) });
        committing ??= Promise.resolve().then(drain);
      }),
    readAll: async () => {
      let read = 0;
      for (let after = 0; ;) {
        const page = await readRows('floor_all', `SELECT ${FLOOR_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [after, READ_PAGE]);
        if (page.length === 0) return read;
        read += page.length;
        after = Number(page[page.length - 1]!.position);
      }
    },
    readStream: async (streamId) =>
      (await readRows('floor_stream', `SELECT ${FLOOR_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY revision`, [streamId])).length,
    close: () => pool.end(),
  };
}

const count = (value: number) => value.toLocaleString('en-US');

export async function benchPostgresEventStore({ quick }: BenchOptions): Promise<void> {
  const url = process.env.POSTGRES_URL;
  if (!url) {
    report('event store on PostgreSQL', 'skipped: needs POSTGRES_URL');
    return;
  }
  const sizes = quick ? QUICK : FULL;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  const rounds = new Map<string, Measured[]>();
  try {
    // In turns, as the embedded store's bench does: the machine's speed drifts from minute to minute.
    for (let round = 0; round < sizes.rounds; round++) {
      const order = round % 2 === 0 ? [ours, rawPgFloor] : [rawPgFloor, ours];
      for (const [index, make] of order.entries()) {
        const database = `rc_bench_pg_${process.pid}_${round}_${index}`;
        await admin.query(`CREATE DATABASE ${database}`);
        let contender: Contender | undefined;
        try {
          contender = await make(url.replace(/\/[^/]*$/, `/${database}`));
          rounds.set(contender.name, [...(rounds.get(contender.name) ?? []), await measure(contender, sizes, false)]);
        } finally {
          await contender?.close();
          await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        }
      }
    }
  } finally {
    await admin.end();
  }
  const mine = medianOf(rounds.get('ringcheck')!);
  const floor = medianOf(rounds.get('floor')!);
  const row = (label: string, pick: (measured: Measured) => number, unit: string) => [
    label,
    `${count(Math.round(pick(mine)))} ${unit}`,
    `${count(Math.round(pick(floor)))} ${unit}`,
    `${(pick(mine) / pick(floor)).toFixed(2)}x`,
  ];
  printTable(
    `Event store on PostgreSQL side by side: ringcheck (PostgresEventStore, group commit) | floor: raw pg, minimal table, group commit (${sizes.rounds > 1 ? `medians of ${sizes.rounds} rounds, in turns` : 'one round'})`,
    ['workload', 'ringcheck', 'floor', 'ringcheck/floor'],
    [
      row(`(a) ${sizes.writers} writers x 1 event, expected revision`, (m) => m.singles.eventsPerSecond, 'events/s'),
      [`    p99 append latency`, `${mine.singles.p99Ms.toFixed(1)} ms`, `${floor.singles.p99Ms.toFixed(1)} ms`, ''],
      row(`(b) ${sizes.batchWriters} writers x batches of ${BATCH}`, (m) => m.batches.eventsPerSecond, 'events/s'),
      row('(c) read all events in order', (m) => m.readAll.perSecond, 'events/s'),
      row(`(d) read one stream (${STREAM_LENGTH} events)`, (m) => m.readStream.perSecond, 'streams/s'),
    ],
  );
  const ratio = mine.singles.eventsPerSecond / floor.singles.eventsPerSecond;
  report(
    `event store on PostgreSQL: ${sizes.writers} writers x 1 event`,
    `${count(Math.round(mine.singles.eventsPerSecond))} events/s, p99 ${mine.singles.p99Ms.toFixed(1)} ms; raw pg floor ${count(Math.round(floor.singles.eventsPerSecond))} events/s: ${ratio.toFixed(2)} of floor`,
  );
}
