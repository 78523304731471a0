import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { SqliteEventStore } from '../infrastructure/event-store';
import { runChildScript } from './child-script';
import { EMMETT } from './emmett-peer';
import { BATCH, type Contender, FULL, measure, type Measured, medianOf, QUICK, READ_PAGE, STREAM_LENGTH, storeContender } from './event-store-workloads';
import type { PeerOutcome } from './children/event-store-peer';
import { printTable, report } from './stats';

/**
 * The embedded event store side by side with its floor on this engine (raw libsql, a minimal events table,
 * group commit) and its nearest peer (@event-driven-io/emmett-sqlite), in one run, on four workloads.
 */

const ringcheck = (dir: string): Contender => storeContender(SqliteEventStore.open(dir));

/**
 * The floor: raw libsql, the smallest events table that keeps per-stream revisions, and the appends of
 * one event-loop turn committed in one transaction on the main thread, each checked against its
 * expected revision. No savepoints, no idempotency index, no writer thread. Same pragmas as the store.
 */
function rawLibsqlFloor(dir: string): Contender {
  const db = new Database(join(dir, 'floor.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision))`);
  const columns = 'position, id, stream_id, revision, type, data, metadata';
  const last = db.prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?').raw(true);
  const insert = db.prepare('INSERT INTO events (id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const all = db.prepare(`SELECT ${columns} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw(true);
  const stream = db.prepare(`SELECT ${columns} FROM events WHERE stream_id = ? ORDER BY revision`).raw(true);
  type Queued = { streamId: string; revision: number; rows: string[][]; settle: (error?: Error) => void };
  let queue: Queued[] = [];
  const commit = () => {
    const group = queue;
    queue = [];
    const revisions = new Map<string, number>();
    db.exec('BEGIN IMMEDIATE');
    const failures = group.map(({ streamId, revision, rows }) => {
      let current = revisions.get(streamId) ?? (last.get(streamId) as [number | null])[0] ?? -1;
      if (current !== revision) return new Error(`${streamId} is at ${current}, not ${revision}`);
      for (const [id, type, data, metadata] of rows) insert.run(id, streamId, ++current, type, data, metadata);
      revisions.set(streamId, current);
      return undefined;
    });
    db.exec('COMMIT');
    group.forEach((queued, index) => queued.settle(failures[index]));
  };
  const parse = ([position, id, streamId, revision, type, data, metadata]: unknown[]) => ({
    ...{ position, id, streamId, revision, type },
    ...{ data: JSON.parse(data as string) as unknown, metadata: JSON.parse(metadata as string) as unknown },
  });
  return {
    name: 'floor',
    append: (streamId, revision, events) =>
      new Promise<void>((resolve, reject) => {
        if (queue.length === 0) setImmediate(commit);
        const rows = events.map((event) => [event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)]);
        queue.push({ streamId, revision, rows, settle: (error) => (error ? reject(error) : resolve()) });
      }),
    readAll: async () => {
      let read = 0;
      for (let after = 0; ;) {
        const page = (all.all(after, READ_PAGE) as unknown[][]).map(parse);
        if (page.length === 0) return read;
        read += page.length;
        after = page[page.length - 1]!.position as number;
      }
    },
    readStream: async (streamId) => (stream.all(streamId) as unknown[][]).map(parse).length,
    close: async () => {
      db.close();
    },
  };
}

const count = (value: number) => value.toLocaleString('en-US');
const ratio = (mine: number, theirs: number) => `${(mine / theirs).toFixed(2)}x`;

/** The peer in a process of its own, tried twice: its driver sometimes fails a commit under this load. */
async function measurePeer(root: string, quick: boolean): Promise<{ label: string; measured?: Measured }> {
  let reason = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const dir = mkdtempSync(join(root, 'peer-'));
    const outcome = await runChildScript<PeerOutcome>(
      'event-store-peer.js',
      { DATA_DIR: dir, QUICK: quick ? '1' : '0' },
      quick ? 120_000 : 900_000,
    );
    if (outcome.ok && !outcome.result.installed) return { label: `${EMMETT} not installed (optional dependency)` };
    if (outcome.ok && outcome.result.installed) {
      const retried = attempt > 1 ? `, measured on a second attempt (the first ${reason})` : '';
      return {
        label: `${EMMETT} ${outcome.result.version}, calls serialised (concurrent ones fail with SQLITE_BUSY)${retried}`,
        measured: outcome.result.measured,
      };
    }
    if (!outcome.ok) reason = outcome.reason;
  }
  return { label: `${EMMETT} failed twice, last ${reason}` };
}

export async function benchEventStore(options: { quick?: boolean } = {}): Promise<void> {
  const sizes = options.quick ? QUICK : FULL;
  const root = mkdtempSync(join(tmpdir(), 'ringcheck-bench-es-'));
  const rounds = new Map<string, Measured[]>();
  let peerRun: { label: string; measured?: Measured };
  try {
    // In turns, each going first in every other round: a machine shared with others changes speed from
    // one minute to the next, and a ratio of figures measured minutes apart carried that change.
    for (let round = 0; round < sizes.rounds; round++) {
      const order = round % 2 === 0 ? [ringcheck, rawLibsqlFloor] : [rawLibsqlFloor, ringcheck];
      for (const open of order) {
        const contender = open(mkdtempSync(join(root, 'store-')));
        try {
          const measured = await measure(contender, sizes, false);
          rounds.set(contender.name, [...(rounds.get(contender.name) ?? []), measured]);
        } finally {
          await contender.close();
        }
      }
    }
    peerRun = await measurePeer(root, options.quick ?? false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  const ours = medianOf(rounds.get('ringcheck')!);
  const floor = medianOf(rounds.get('floor')!);
  const peer = peerRun.measured;
  const columns = (pick: (measured: Measured) => string) => [pick(ours), pick(floor), peer ? pick(peer) : '-'];
  const rows: string[][] = [
    [
      `(a) ${sizes.writers} writers x 1 event, expected revision`,
      ...columns((m) => `${count(m.singles.eventsPerSecond)} events/s`),
      ratio(ours.singles.eventsPerSecond, floor.singles.eventsPerSecond),
      peer ? ratio(ours.singles.eventsPerSecond, peer.singles.eventsPerSecond) : '-',
    ],
    ['    p99 append latency', ...columns((m) => `${m.singles.p99Ms.toFixed(1)} ms`), '', ''],
    ['    event-loop delay p99 meanwhile', ...columns((m) => `${m.singles.loopDelayP99Ms.toFixed(1)} ms`), '', ''],
    [
      `(b) ${sizes.batchWriters} writers x batches of ${BATCH}`,
      ...columns((m) => `${count(m.batches.eventsPerSecond)} events/s`),
      ratio(ours.batches.eventsPerSecond, floor.batches.eventsPerSecond),
      peer ? ratio(ours.batches.eventsPerSecond, peer.batches.eventsPerSecond) : '-',
    ],
    [
      '(c) read all events in order',
      ...columns((m) => `${count(m.readAll.perSecond)} events/s`),
      ratio(ours.readAll.perSecond, floor.readAll.perSecond),
      peer ? ratio(ours.readAll.perSecond, peer.readAll.perSecond) : '-',
    ],
    [
      `(d) read one stream (${STREAM_LENGTH} events)`,
      ...columns((m) => `${count(m.readStream.perSecond)} streams/s`),
      ratio(ours.readStream.perSecond, floor.readStream.perSecond),
      peer ? ratio(ours.readStream.perSecond, peer.readStream.perSecond) : '-',
    ],
    [
      'events written (a) / (b); log read (c)',
      ...columns((m) => `${count(m.singles.events)} / ${count(m.batches.events)}; ${count(m.readAll.count)}`),
      '',
      '',
    ],
  ];
  printTable(
    `Event store side by side: ringcheck (SqliteEventStore, writer thread) | floor: raw libsql, minimal table, group commit (${sizes.rounds > 1 ? `medians of ${sizes.rounds} rounds, the two in turns` : "one round"}) | peer: ${peerRun.label}`,
    ['workload', 'ringcheck', 'floor', 'emmett', 'ringcheck/floor', 'ringcheck/emmett'],
    rows,
  );

  const versusFloor = (mine: number, theirs: number, unit: string) => ({
    versus: `raw libsql floor ${count(theirs)} ${unit}`,
    ratio: `${(mine / theirs).toFixed(2)} of floor`,
  });
  const singles = ours.singles;
  report(`event store: ${sizes.writers} writers x 1 event, events/s`, `${count(singles.eventsPerSecond)} events/s`, {
    target: '>= 30,000 events/s and >= 0.8 of floor',
    met: singles.eventsPerSecond >= 30_000 && singles.eventsPerSecond >= 0.8 * floor.singles.eventsPerSecond,
    ...versusFloor(singles.eventsPerSecond, floor.singles.eventsPerSecond, 'events/s'),
  });
  report(`event store: ${sizes.writers} writers x 1 event, p99 append`, `${singles.p99Ms.toFixed(1)} ms`, {
    target: '< 10 ms',
    met: singles.p99Ms < 10,
    versus: `raw libsql floor ${floor.singles.p99Ms.toFixed(1)} ms`,
  });
  report('event store: event-loop delay p99 during (a)', `${singles.loopDelayP99Ms.toFixed(1)} ms`, {
    target: 'below the floor (commits off the event loop)',
    met: singles.loopDelayP99Ms < floor.singles.loopDelayP99Ms,
    versus: `raw libsql floor, commits on the event loop, ${floor.singles.loopDelayP99Ms.toFixed(1)} ms`,
  });
  const floorTarget = (name: string, mine: number, theirs: number, unit: string) =>
    report(name, `${count(mine)} ${unit}`, { target: '>= 0.8 of floor', met: mine >= 0.8 * theirs, ...versusFloor(mine, theirs, unit) });
  floorTarget(
    `event store: ${sizes.batchWriters} writers x batches of ${BATCH}`,
    ours.batches.eventsPerSecond,
    floor.batches.eventsPerSecond,
    'events/s',
  );
  floorTarget('event store: read all events in order', ours.readAll.perSecond, floor.readAll.perSecond, 'events/s');
  floorTarget(
    `event store: read one stream of ${STREAM_LENGTH} events`,
    ours.readStream.perSecond,
    floor.readStream.perSecond,
    'streams/s',
  );
}
