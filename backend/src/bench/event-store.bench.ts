import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'libsql';
import type { NewEvent } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import { trackedEvent } from './sample-events';
import { perSecond, printTable, report, summarize } from './stats';

/**
 * The embedded event store side by side with its floor on this engine (raw libsql, a minimal events table,
 * group commit) and its nearest peer (@event-driven-io/emmett-sqlite), in one run, on four workloads.
 */

interface Sizes {
  writers: number;
  eventsPerWriter: number;
  peerEventsPerWriter: number;
  batchWriters: number;
  batchesPerWriter: number;
  peerBatchesPerWriter: number;
  streamsToRead: number;
  readRounds: number;
}

const FULL: Sizes = { writers: 64, eventsPerWriter: 400, peerEventsPerWriter: 20, batchWriters: 4, batchesPerWriter: 60, peerBatchesPerWriter: 10, streamsToRead: 256, readRounds: 8 };
const QUICK: Sizes = { writers: 64, eventsPerWriter: 60, peerEventsPerWriter: 4, batchWriters: 4, batchesPerWriter: 10, peerBatchesPerWriter: 3, streamsToRead: 64, readRounds: 2 };
const BATCH = 100;
const STREAM_LENGTH = 20;
const READ_PAGE = 1000;

/** What each contender offers the workloads. `revision` is the stream's last revision, -1 for a new stream. */
interface Contender {
  name: string;
  append(streamId: string, revision: number, events: NewEvent[]): Promise<void>;
  /** Reads the whole log in order, a page at a time, and returns how many events it read. */
  readAll(): Promise<number>;
  /** Reads one stream whole and returns how many events it held. */
  readStream(streamId: string): Promise<number>;
  close(): Promise<void>;
}

function ringcheck(dir: string): Contender {
  const store = SqliteEventStore.open(dir);
  return {
    name: 'ringcheck',
    append: async (streamId, revision, events) => {
      await store.appendToStream(streamId, events, { expectedRevision: revision < 0 ? 'no_stream' : revision });
    },
    readAll: async () => {
      let read = 0;
      for (let after = 0; ; ) {
        const page = await store.readAll({ fromPosition: after, maxCount: READ_PAGE });
        if (page.length === 0) return read;
        read += page.length;
        after = page[page.length - 1]!.position;
      }
    },
    readStream: async (streamId) => (await store.readStream(streamId)).length,
    close: () => store.close(),
  };
}

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
      for (let after = 0; ; ) {
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

/** The parts of @event-driven-io/emmett-sqlite the bench uses (it is an optional dependency, loaded by name). */
interface EmmettSqlite {
  getSQLiteEventStore(options: { fileName: string }): {
    appendToStream(streamName: string, events: unknown[], options: { expectedStreamVersion: bigint }): Promise<unknown>;
    readStream(streamName: string): Promise<{ events: unknown[] }>;
  };
  sqliteConnection(options: { fileName: string }): { close(): void };
  readMessagesBatch(
    connection: unknown,
    options: { after: bigint; batchSize: number },
  ): Promise<{ messages: Array<{ metadata: { globalPosition: bigint } }> }>;
}

const EMMETT = '@event-driven-io/emmett-sqlite';

async function loadEmmett(): Promise<{ module: EmmettSqlite; version: string } | undefined> {
  let module: EmmettSqlite;
  try {
    module = (await import(EMMETT)) as EmmettSqlite;
  } catch {
    return undefined;
  }
  const packageFile = join(dirname(require.resolve(EMMETT)), '..', 'package.json');
  return { module, version: (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version };
}

/**
 * Emmett with its defaults opens a connection per call and begins IMMEDIATE transactions without a busy
 * timeout, so concurrent calls fail with SQLITE_BUSY: its calls run one at a time here.
 */
function emmettPeer(emmett: EmmettSqlite, dir: string): Contender {
  const fileName = join(dir, 'emmett.db');
  const store = emmett.getSQLiteEventStore({ fileName });
  let tail: Promise<unknown> = Promise.resolve();
  const serialised = <T>(call: () => Promise<T>): Promise<T> => {
    const result = tail.then(call);
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    name: 'emmett',
    append: (streamId, revision, events) =>
      serialised(() =>
        store.appendToStream(
          streamId,
          events.map((event) => ({ type: event.type, data: event.data, metadata: event.metadata })),
          { expectedStreamVersion: BigInt(revision + 1) },
        ),
      ).then(() => undefined),
    readAll: () =>
      serialised(async () => {
        const connection = emmett.sqliteConnection({ fileName });
        try {
          let read = 0;
          for (let after = 0n; ; ) {
            const { messages } = await emmett.readMessagesBatch(connection, { after, batchSize: READ_PAGE });
            if (messages.length === 0) return read;
            read += messages.length;
            after = messages[messages.length - 1]!.metadata.globalPosition;
          }
        } finally {
          connection.close();
        }
      }),
    readStream: (streamId) => serialised(async () => (await store.readStream(streamId)).events.length),
    close: () => serialised(async () => undefined),
  };
}

interface WriteFigures {
  eventsPerSecond: number;
  p99Ms: number;
  loopDelayP99Ms: number;
  events: number;
}

/** Each writer appends to its own stream, one append after the other, with the expected revision. */
async function concurrentAppends(contender: Contender, writers: number, appendsPerWriter: number, batch: number, label: string): Promise<WriteFigures> {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  loopDelay.enable();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const streamId = `analytics-${label}${writer}-${randomUUID()}`;
      for (let append = 0; append < appendsPerWriter; append++) {
        const events = Array.from({ length: batch }, (_, index) => trackedEvent(`anon_${writer}`, append * batch + index));
        const sent = performance.now();
        await contender.append(streamId, append * batch - 1, events);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = performance.now() - started;
  loopDelay.disable();
  const events = writers * appendsPerWriter * batch;
  return { eventsPerSecond: perSecond(events, elapsed), p99Ms: summarize(latencies).p99, loopDelayP99Ms: loopDelay.percentile(99) / 1e6, events };
}

interface ReadFigures {
  perSecond: number;
  count: number;
}

async function readEverything(contender: Contender): Promise<ReadFigures> {
  const started = performance.now();
  const count = await contender.readAll();
  return { perSecond: perSecond(count, performance.now() - started), count };
}

async function readStreams(contender: Contender, streams: readonly string[], rounds: number): Promise<ReadFigures> {
  const started = performance.now();
  let events = 0;
  for (let round = 0; round < rounds; round++) for (const streamId of streams) events += await contender.readStream(streamId);
  if (events !== streams.length * rounds * STREAM_LENGTH) throw new Error(`${contender.name} read ${events} events from its streams`);
  return { perSecond: perSecond(streams.length * rounds, performance.now() - started), count: events };
}

interface Measured {
  singles: WriteFigures;
  batches: WriteFigures;
  readAll: ReadFigures;
  readStream: ReadFigures;
}

async function measure(contender: Contender, sizes: Sizes, peer: boolean): Promise<Measured> {
  await concurrentAppends(contender, sizes.writers, 3, 1, 'warm');
  const singles = await concurrentAppends(contender, sizes.writers, peer ? sizes.peerEventsPerWriter : sizes.eventsPerWriter, 1, 'single');
  const batches = await concurrentAppends(contender, sizes.batchWriters, peer ? sizes.peerBatchesPerWriter : sizes.batchesPerWriter, BATCH, 'batch');
  const streams = Array.from({ length: sizes.streamsToRead }, (_, index) => `call-read${index}-${randomUUID()}`);
  await Promise.all(streams.map((streamId) => contender.append(streamId, -1, Array.from({ length: STREAM_LENGTH }, (_, i) => trackedEvent('anon_read', i)))));
  const readAll = await readEverything(contender);
  const readStream = await readStreams(contender, streams, sizes.readRounds);
  return { singles, batches, readAll, readStream };
}

const count = (value: number) => value.toLocaleString('en-US');
const ratio = (mine: number, theirs: number) => `${(mine / theirs).toFixed(2)}x`;

export async function benchEventStore(options: { quick?: boolean } = {}): Promise<void> {
  const sizes = options.quick ? QUICK : FULL;
  const emmett = await loadEmmett();
  const root = mkdtempSync(join(tmpdir(), 'ringcheck-bench-es-'));
  const results = new Map<string, Measured>();
  try {
    const contenders: Array<{ open: (dir: string) => Contender; peer: boolean }> = [
      { open: ringcheck, peer: false },
      { open: rawLibsqlFloor, peer: false },
    ];
    if (emmett) contenders.push({ open: (dir) => emmettPeer(emmett.module, dir), peer: true });
    for (const { open, peer } of contenders) {
      const dir = mkdtempSync(join(root, 'store-'));
      const contender = open(dir);
      try {
        results.set(contender.name, await measure(contender, sizes, peer));
      } finally {
        await contender.close();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  const ours = results.get('ringcheck')!;
  const floor = results.get('floor')!;
  const peer = results.get('emmett');
  const columns = (pick: (measured: Measured) => string) => [pick(ours), pick(floor), peer ? pick(peer) : 'not installed'];
  const rows: string[][] = [
    [`(a) ${sizes.writers} writers x 1 event, expected revision`, ...columns((m) => `${count(m.singles.eventsPerSecond)} events/s`), ratio(ours.singles.eventsPerSecond, floor.singles.eventsPerSecond), peer ? ratio(ours.singles.eventsPerSecond, peer.singles.eventsPerSecond) : '-'],
    ['    p99 append latency', ...columns((m) => `${m.singles.p99Ms.toFixed(1)} ms`), '', ''],
    ['    event-loop delay p99 meanwhile', ...columns((m) => `${m.singles.loopDelayP99Ms.toFixed(1)} ms`), '', ''],
    [`(b) ${sizes.batchWriters} writers x batches of ${BATCH}`, ...columns((m) => `${count(m.batches.eventsPerSecond)} events/s`), ratio(ours.batches.eventsPerSecond, floor.batches.eventsPerSecond), peer ? ratio(ours.batches.eventsPerSecond, peer.batches.eventsPerSecond) : '-'],
    ['(c) read all events in order', ...columns((m) => `${count(m.readAll.perSecond)} events/s`), ratio(ours.readAll.perSecond, floor.readAll.perSecond), peer ? ratio(ours.readAll.perSecond, peer.readAll.perSecond) : '-'],
    [`(d) read one stream (${STREAM_LENGTH} events)`, ...columns((m) => `${count(m.readStream.perSecond)} streams/s`), ratio(ours.readStream.perSecond, floor.readStream.perSecond), peer ? ratio(ours.readStream.perSecond, peer.readStream.perSecond) : '-'],
    ['events written (a) / (b); log read (c)', ...columns((m) => `${count(m.singles.events)} / ${count(m.batches.events)}; ${count(m.readAll.count)}`), '', ''],
  ];
  const peerName = emmett ? `${EMMETT} ${emmett.version}, calls serialised (concurrent ones fail with SQLITE_BUSY)` : `${EMMETT} not installed (optional dependency)`;
  printTable(
    `Event store side by side: ringcheck (SqliteEventStore, writer thread) | floor: raw libsql, minimal table, group commit | peer: ${peerName}`,
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
  floorTarget(`event store: ${sizes.batchWriters} writers x batches of ${BATCH}`, ours.batches.eventsPerSecond, floor.batches.eventsPerSecond, 'events/s');
  floorTarget('event store: read all events in order', ours.readAll.perSecond, floor.readAll.perSecond, 'events/s');
  floorTarget(`event store: read one stream of ${STREAM_LENGTH} events`, ours.readStream.perSecond, floor.readStream.perSecond, 'streams/s');
}
