import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchOptions, wholeNumbersFromEnv } from './bench-options';
import { seedCallHistory } from './call-history-seed';
import { runChildScript } from './child-script';
import { apiRequest, type ServerChild, startServerChild } from './server-child';
import { megabytes, printTable, report, seconds } from './stats';

const FULL_SIZES = [1_000, 20_000, 100_000];
const QUICK_SIZES = [200, 2_000];
const START_TARGET_MS = 1_500;
const RSS_TARGET_BYTES = 250 * 1024 * 1024;
const RSS_GROWTH_TARGET = 1.3;
const REBUILD_TARGET_MS = 3_000;
const REBUILD_RSS_TARGET_BYTES = 400 * 1024 * 1024;
/** The size the issue states the memory and rebuild targets at. */
const TARGET_SIZE = 20_000;

interface Row {
  calls: number;
  events: number;
  seedMs: number;
  firstStart: { ok: true; ms: number } | { ok: false; reason: string };
  start?: { ms: number; rssBytes: number } | { reason: string };
  rebuild?: { ok: true; result: { ms: number; floorMs: number; writeFloorMs: number; events: number; documents: number; maxRssBytes: number } } | { ok: false; reason: string };
}

const count = (n: number) => n.toLocaleString('en-US');

/** Sizes from GROWTH_BENCH_CALLS (e.g. `1000,20000`), else the full or quick set. */
const sizesFor = (quick: boolean): number[] => wholeNumbersFromEnv('GROWTH_BENCH_CALLS', quick ? QUICK_SIZES : FULL_SIZES);

/**
 * The growth table: for each history size, a fresh data folder seeded with calls cloned from real sandbox
 * calls; the built server started once to build its read models, then again to time start-up and read its
 * memory; then the calls read model rebuilt in a process of its own (the server stopped).
 */
export async function benchGrowth({ quick }: BenchOptions): Promise<void> {
  const sizes = sizesFor(quick);
  const rows: Row[] = [];
  for (const calls of sizes) rows.push(await measure(calls, quick));
  printGrowthTable(rows);
  judge(rows, quick);
}

/** Writes every dirty page out (`sync`); where there is no `sync` command, goes on without it. */
function syncDisks(): void {
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: 120_000 });
  } catch {
    // Nothing to wait for.
  }
}

async function measure(calls: number, quick: boolean): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-growth-'));
  try {
    const seeded = await seedCallHistory(dataDir, { calls });
    const row: Row = { calls, events: seeded.events, seedMs: seeded.ms, firstStart: { ok: false, reason: 'not run' } };
    const newest = seeded.visitorCalls[seeded.visitorCalls.length - 1]?.callId ?? seeded.owners[0].callIds[0];

    // A server meeting this history for the first time builds its read models from the log.
    let started = performance.now();
    try {
      const building = await startServerChild(dataDir, {}, quick ? 120_000 : 900_000);
      try {
        await readModelsBuilt(building, newest, quick ? 120_000 : 900_000);
        row.firstStart = { ok: true, ms: performance.now() - started };
      } finally {
        await building.stop();
      }
    } catch (error) {
      row.firstStart = { ok: false, reason: failure(error) };
      return row;
    }

    // The first start wrote gigabytes at 100,000 calls: the disk flushes them first, so the restart measures
    // start-up rather than the writeback of what the previous process wrote.
    syncDisks();
    started = performance.now();
    try {
      const server = await startServerChild(dataDir, {}, quick ? 60_000 : 600_000);
      const ms = performance.now() - started;
      try {
        await readModelsBuilt(server, newest, quick ? 60_000 : 600_000);
        // Let start-up's garbage go before reading what the process keeps.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        row.start = { ms, rssBytes: server.rssBytes() };
      } finally {
        await server.stop();
      }
    } catch (error) {
      row.start = { reason: failure(error) };
    }
    row.rebuild = await runChildScript('calls-rebuild.js', { DATA_DIR: dataDir }, quick ? 120_000 : 1_800_000);
    return row;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The first line of an error, or that the process ran out of memory. */
function failure(error: unknown): string {
  const message = (error as Error).message;
  return /heap out of memory|Allocation failed/i.test(message) ? 'ran out of memory' : message.split('\n')[0].slice(0, 160);
}

/**
 * Until the read models hold the whole log: no lag, no rebuild under way (where health tells), and the
 * newest seeded call readable.
 */
async function readModelsBuilt(server: ServerChild, callId: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const health = await apiRequest<{ projections?: { lag?: number | null; rebuilding?: string[] } }>(server.base, 'GET', '/api/health');
    const built = health.projections?.lag === 0 && (health.projections.rebuilding ?? []).length === 0;
    if (built && (await fetch(`${server.base}/api/call-management/calls/${callId}/`)).ok) return;
    if (performance.now() > deadline) throw new Error(`the read models were not built within ${timeoutMs} ms: ${JSON.stringify(health.projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function printGrowthTable(rows: Row[]): void {
  const failed = (reason: string) => (/memory/.test(reason) ? 'out of memory' : 'failed');
  const lines: [string, (row: Row) => string, string][] = [
    ['events stored', (row) => count(row.events), ''],
    ['seeded through the event store in', (row) => seconds(row.seedMs), ''],
    ['first start (read models built from the log)', (row) => (row.firstStart.ok ? seconds(row.firstStart.ms) : failed(row.firstStart.reason)), ''],
    ['start to healthy', (row) => (!row.start ? '-' : 'ms' in row.start ? seconds(row.start.ms) : failed(row.start.reason)), `<= ${seconds(START_TARGET_MS)} at every size`],
    [
      'memory after start (RSS)',
      (row) => (!row.start ? '-' : 'rssBytes' in row.start ? megabytes(row.start.rssBytes) : '-'),
      `<= 250 MB at ${count(TARGET_SIZE)}; <= ${RSS_GROWTH_TARGET}x from smallest to largest`,
    ],
    ['rebuild of the calls read model', (row) => (!row.rebuild ? '-' : row.rebuild.ok ? seconds(row.rebuild.result.ms) : failed(row.rebuild.reason)), `<= ${seconds(REBUILD_TARGET_MS)} at ${count(TARGET_SIZE)}`],
    [
      'peak memory of that rebuild (RSS)',
      (row) => (!row.rebuild ? '-' : row.rebuild.ok ? megabytes(row.rebuild.result.maxRssBytes) : failed(row.rebuild.reason)),
      `<= 400 MB at ${count(TARGET_SIZE)}; finishes at the largest`,
    ],
  ];
  printTable(
    'growth: the product with history (calls cloned from real sandbox calls through the event store)',
    ['calls stored', ...rows.map((row) => count(row.calls)), 'target'],
    lines.map(([label, pick, target]) => [label, ...rows.map(pick), target]),
  );
}

/** One verdict per target of the issue; in quick mode the "at 20,000" targets apply to the largest quick size. */
function judge(rows: Row[], quick: boolean): void {
  const suffix = quick ? ' (quick)' : '';
  const starts = rows.map((row) => (row.start && 'ms' in row.start ? row.start.ms : Infinity));
  const slowest = Math.max(...starts);
  const slowestAt = rows[starts.indexOf(slowest)].calls;
  report(
    `growth: start to healthy, ${count(rows[0].calls)} to ${count(rows[rows.length - 1].calls)} calls${suffix}`,
    Number.isFinite(slowest) ? `slowest ${seconds(slowest)} (at ${count(slowestAt)} calls)` : `no answer at ${count(slowestAt)} calls`,
    `<= ${seconds(START_TARGET_MS)} at every size`,
    slowest <= START_TARGET_MS,
  );

  const atTarget = [...rows].reverse().find((row) => row.calls <= TARGET_SIZE) ?? rows[0];
  const rssAt = atTarget.start && 'rssBytes' in atTarget.start ? atTarget.start.rssBytes : NaN;
  report(`growth: memory after start at ${count(atTarget.calls)} calls${suffix}`, Number.isNaN(rssAt) ? 'not measured' : megabytes(rssAt), '<= 250 MB', rssAt <= RSS_TARGET_BYTES);

  const [first, last] = [rows[0], rows[rows.length - 1]];
  if (first !== last) {
    const from = first.start && 'rssBytes' in first.start ? first.start.rssBytes : NaN;
    const to = last.start && 'rssBytes' in last.start ? last.start.rssBytes : NaN;
    const growth = to / from;
    report(
      `growth: memory after start, ${count(first.calls)} -> ${count(last.calls)} calls${suffix}`,
      Number.isNaN(to) ? 'not measured' : `${megabytes(to)} at ${count(last.calls)} calls`,
      {
        target: `<= ${RSS_GROWTH_TARGET}x`,
        met: growth <= RSS_GROWTH_TARGET,
        versus: Number.isNaN(from) ? undefined : `${megabytes(from)} at ${count(first.calls)} calls`,
        ratio: Number.isNaN(growth) ? undefined : `${growth.toFixed(2)}x`,
      },
    );
  }

  const rebuild = atTarget.rebuild;
  report(
    `growth: calls read model rebuild at ${count(atTarget.calls)} calls${suffix}`,
    rebuild?.ok ? `${seconds(rebuild.result.ms)}, ${count(rebuild.result.documents)} documents` : (rebuild?.reason ?? 'not run'),
    {
      target: `<= ${seconds(REBUILD_TARGET_MS)}`,
      met: rebuild?.ok === true && rebuild.result.ms <= REBUILD_TARGET_MS,
      versus: rebuild?.ok
        ? `reading and parsing its ${count(rebuild.result.events)} events alone ${seconds(rebuild.result.floorMs)}; writing its documents alone (raw libsql) ${seconds(rebuild.result.writeFloorMs)}`
        : undefined,
      ratio: rebuild?.ok
        ? `${(rebuild.result.ms / rebuild.result.floorMs).toFixed(2)}x reading, ${(rebuild.result.ms / (rebuild.result.floorMs + rebuild.result.writeFloorMs)).toFixed(2)}x reading and writing`
        : undefined,
    },
  );
  report(
    `growth: peak memory of that rebuild at ${count(atTarget.calls)} calls${suffix}`,
    rebuild?.ok ? megabytes(rebuild.result.maxRssBytes) : (rebuild?.reason ?? 'not run'),
    '<= 400 MB',
    rebuild?.ok === true && rebuild.result.maxRssBytes <= REBUILD_RSS_TARGET_BYTES,
  );
  if (last !== atTarget) {
    report(
      `growth: calls read model rebuild at ${count(last.calls)} calls${suffix}`,
      last.rebuild?.ok ? `${seconds(last.rebuild.result.ms)}, peak RSS ${megabytes(last.rebuild.result.maxRssBytes)}` : (last.rebuild?.reason ?? (last.firstStart.ok ? 'not run' : `server: ${last.firstStart.reason}`)),
      'finishes without running out of memory',
      last.rebuild?.ok === true,
    );
  }
}
