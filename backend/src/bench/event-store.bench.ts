import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../infrastructure/event-store';
import { trackedEvent } from './sample-events';
import { perSecond, report } from './stats';

/** Appends/s on the embedded event store: single events, and batches of 100 from 4 concurrent writers. */
export async function benchEventStore(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-bench-es-'));
  const store = SqliteEventStore.open(dir);
  try {
    const singles = 3000;
    let started = performance.now();
    for (let i = 0; i < singles; i++) await store.appendToStream(`analytics-single-${i % 50}`, [trackedEvent('anon_bench', i)]);
    const singleRate = perSecond(singles, performance.now() - started);
    report('event store: single-event appends (1 writer)', `${singleRate} events/s`);

    const batches = 100;
    started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, writer) => {
        for (let b = 0; b < batches; b++) {
          const events = Array.from({ length: 100 }, (_, i) => trackedEvent(`anon_w${writer}`, i));
          await store.appendToStream(`analytics-batch-${writer}-${b % 10}`, events);
        }
      }),
    );
    const batchRate = perSecond(4 * batches * 100, performance.now() - started);
    report('event store: batches of 100, 4 concurrent writers', `${batchRate} events/s`, '>= 20,000 events/s', batchRate >= 20000);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
