import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections, ProjectionRunner } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import { EmbeddedReadStore } from '../infrastructure/read-store';
import type { BenchOptions } from './bench-options';
import { trackedEvent, visitEvent } from './sample-events';
import { perSecond, report } from './stats';

/** Replays a log of 1,000,000 events (quick: 50,000) through every projection into an empty embedded read store. */
export async function benchReplay({ quick }: BenchOptions): Promise<void> {
  const total = quick ? 50_000 : 1_000_000;
  const targetMs = (15_000 * total) / 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-replay-'));
  const store = SqliteEventStore.open(dir);
  try {
    const batch = 1000;
    let written = performance.now();
    for (let i = 0; i < total; i += batch) {
      const visitor = `anon_00000000-0000-4000-8000-${String(i % 5000).padStart(12, '0')}`;
      const events = Array.from({ length: batch }, (_, k) => (k % 10 === 0 ? visitEvent(visitor) : trackedEvent(visitor, i + k)));
      await store.appendToStream(`analytics-${visitor}-${i}`, events);
    }
    written = performance.now() - written;
    report('replay: log prepared', `${total} events in ${(written / 1000).toFixed(1)} s`);

    const readDir = join(dir, 'reads');
    const reads = await EmbeddedReadStore.open(readDir);
    const runner = new ProjectionRunner(store, reads, allProjections, { batchSize: 5000 });
    const started = performance.now();
    await runner.start();
    await reads.flush();
    const elapsed = performance.now() - started;
    report(
      `replay: ${total.toLocaleString('en-US')} events through the projection runner`,
      `${(elapsed / 1000).toFixed(2)} s (${perSecond(total, elapsed)} events/s)`,
      quick ? `<= ${(targetMs / 1000).toFixed(2)} s (15 s per 1,000,000 events)` : '<= 15 s',
      elapsed <= targetMs,
    );
    await runner.stop();
    await reads.close();
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
