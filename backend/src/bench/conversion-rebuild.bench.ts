import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { asOfReplay, conversionProjection, ProjectionRunner } from '@ringcheck/projections';
import { ConversionReports } from '../analytics/conversion/conversion-reports';
import { SqliteEventStore } from '../infrastructure/event-store';
import { EmbeddedReadStore } from '../infrastructure/read-store';
import { writeConversionHistory } from './conversion-history';
import { peakRssBytes, perSecond, report, restartPeakRss } from './stats';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Where this bench runs in the same process as other groups, the process's own peak says nothing of a
 * phase: each phase starts its own (and says what the process held as it began).
 */
function phasePeak(): () => string {
  const held = restartPeakRss();
  return () => `peak RSS ${mb(peakRssBytes())}${held === undefined ? ' (of the whole process)' : ` (${mb(held)} held as it began)`}`;
}
/** Heap in use once garbage is collected, so what a result holds can be told from what was thrown away. */
function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Starts a 1 ms timer; the function it answers stops it and tells the longest gap between two of its turns. */
function longestStall(): () => string {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    longest = Math.max(longest, performance.now() - last);
    return `${longest.toFixed(0)} ms`;
  };
}

/**
 * `rebuild conversion` over a history of analytics events (default 1,000,000; CONVERSION_BENCH_EVENTS
 * sets another size), beside the floor of reading and parsing the same events, and the as-of replay
 * at half the log.
 */
export async function benchConversionRebuild(total = Number(process.env.CONVERSION_BENCH_EVENTS ?? 1_000_000)): Promise<void> {
  if (!Number.isInteger(total) || total < 1) throw new Error(`CONVERSION_BENCH_EVENTS must be a whole number of events, at least 1 (got ${process.env.CONVERSION_BENCH_EVENTS})`);
  const label = total.toLocaleString('en-US');
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-conversion-'));
  const store = SqliteEventStore.open(join(dir, 'events'));
  try {
    let started = performance.now();
    const head = await writeConversionHistory(store, { events: total, weeks: 26 });
    report(`conversion: history of ${label} events written`, `${seconds(performance.now() - started)}, head position ${head}`);

    let peakRss = phasePeak();
    started = performance.now();
    let read = 0;
    for (let position = 0; ; ) {
      const page = await store.readAll({ fromPosition: position, maxCount: 5000 });
      read += page.length;
      if (page.length < 5000) break;
      position = page[page.length - 1].position;
    }
    const floor = performance.now() - started;
    report('conversion: floor, reading and parsing every event', `${seconds(floor)} (${perSecond(read, floor)} events/s), ${peakRss()}`);

    const heapBefore = liveHeap();
    peakRss = phasePeak();
    started = performance.now();
    const half = await asOfReplay(store, { position: Math.floor(head / 2) });
    const replayMs = performance.now() - started;
    const heldBytes = liveHeap() - heapBefore;
    report(
      'conversion: as-of replay at half the log',
      `${seconds(replayMs)} (${perSecond(half.eventsRead, replayMs)} events/s), ${half.documents.size} documents holding ${mb(heldBytes)} of heap (${Math.round(heldBytes / half.documents.size)} bytes each), ${peakRss()}`,
    );

    const reads = await EmbeddedReadStore.open(join(dir, 'reads'));
    const runner = new ProjectionRunner(store, reads, [conversionProjection], { batchSize: 5000 });
    try {
      peakRss = phasePeak();
      started = performance.now();
      await runner.start();
      const firstBuild = performance.now() - started;
      report('conversion: first build when the server starts', `${seconds(firstBuild)} (${perSecond(head, firstBuild)} events/s), ${peakRss()}`);
      peakRss = phasePeak();
      started = performance.now();
      const rebuilt = await runner.rebuild('conversion');
      await reads.flush();
      const rebuildMs = performance.now() - started;
      report(
        `conversion: rebuild conversion over ${label} events`,
        `${seconds(rebuildMs)} (${perSecond(head, rebuildMs)} events/s, ${(rebuildMs / floor).toFixed(1)}x the floor), ${rebuilt.documents} documents, ${peakRss()}`,
        '<= 30 s per 1,000,000 events',
        rebuildMs <= (30_000 * total) / 1_000_000,
      );

      const reports = new ConversionReports(store, runner);
      const range = { from: '2026-06-01', to: '2026-11-29' };
      let stalls = longestStall();
      started = performance.now();
      const live = await reports.report(range, null);
      report('conversion: 26-week report from the read model', `${seconds(performance.now() - started)} over ${live.funnel.visitors} visitors; the server's event loop held at most ${stalls()} at a time`);
      stalls = longestStall();
      started = performance.now();
      const past = await reports.report(range, { position: Math.floor(head / 2) });
      report('conversion: the same report as of half the log', `${seconds(performance.now() - started)} over ${past.funnel.visitors} visitors; the event loop held at most ${stalls()} at a time`);
    } finally {
      await runner.stop();
      await reads.close();
    }
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
