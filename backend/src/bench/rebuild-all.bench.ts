import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../infrastructure/event-store';
import type { BenchOptions } from './bench-options';
import { runChildScript } from './child-script';
import { writeRealisticHistory } from './realistic-history';
import { megabytes, perSecond, report, seconds } from './stats';

interface RebuildAllResult {
  events: number;
  floorMs: number;
  floorMaxRssBytes: number;
  rebuildMs: number;
  maxRssBytes: number;
  documents: Record<string, number>;
}

const RATIO_TARGET = 3;
/** 10 s per 1,000,000 events. */
const TARGET_MS_PER_EVENT = 10_000 / 1_000_000;

/**
 * Every read model rebuilt from a realistic history of 1,000,000 events (quick: 50,000), beside the floor
 * of reading and parsing the same events, both in one child process so its peak memory is theirs.
 */
export async function benchRebuildAll({ quick }: BenchOptions): Promise<void> {
  const total = quick ? 50_000 : 1_000_000;
  const label = total.toLocaleString('en-US');
  const dataDir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-rebuild-all-'));
  try {
    // The commit's sync is not what this measures.
    const store = SqliteEventStore.open(dataDir, { synchronous: 'NORMAL' });
    let started = performance.now();
    let history;
    try {
      history = await writeRealisticHistory(store, { events: total });
    } finally {
      await store.close();
    }
    const parts = Object.entries(history.composition)
      .sort(([, a], [, b]) => b - a)
      .map(([kind, n]) => `${n.toLocaleString('en-US')} ${kind}`)
      .join(', ');
    report(`rebuild all: history of ${label} events written`, `${seconds(performance.now() - started)}: ${parts}`);

    const readsDir = join(dataDir, 'rebuilt-read-models');
    mkdirSync(readsDir);
    started = performance.now();
    const outcome = await runChildScript<RebuildAllResult>('rebuild-all.js', { DATA_DIR: dataDir, READS_DIR: readsDir }, quick ? 120_000 : 1_800_000);
    if (!outcome.ok) {
      report(`rebuild all: every read model over ${label} events`, outcome.reason, `<= ${seconds(total * TARGET_MS_PER_EVENT)}`, false);
      return;
    }
    const result = outcome.result;
    report('rebuild all: floor, reading and parsing every event', `${seconds(result.floorMs)} (${perSecond(result.events, result.floorMs)} events/s), peak RSS ${megabytes(result.floorMaxRssBytes)}`);
    const ratio = result.rebuildMs / result.floorMs;
    const targetMs = total * TARGET_MS_PER_EVENT;
    report(
      `rebuild all: every read model over ${label} events`,
      `${seconds(result.rebuildMs)} (${perSecond(result.events, result.rebuildMs)} events/s), peak RSS ${megabytes(result.maxRssBytes)}`,
      { target: `<= ${seconds(targetMs)}${quick ? ' (10 s per 1,000,000 events)' : ''}`, met: result.rebuildMs <= targetMs },
    );
    report(
      'rebuild all: against the floor',
      `${ratio.toFixed(2)}x the floor`,
      { target: `<= ${RATIO_TARGET}x the floor`, met: ratio <= RATIO_TARGET, versus: `reading and parsing alone ${seconds(result.floorMs)}`, ratio: `${ratio.toFixed(2)}x` },
    );
    report(
      'rebuild all: documents',
      Object.entries(result.documents)
        .map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`)
        .join(', '),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
