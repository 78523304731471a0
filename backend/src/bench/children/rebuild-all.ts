import 'reflect-metadata';
import { allProjections, ProjectionRunner } from '@ringcheck/projections';
import { createEventStore } from '../../infrastructure/event-store';
import { createReadStore } from '../../infrastructure/read-store';
import { peakRssBytes } from '../stats';

const PAGE = 5000;

/**
 * In a process of its own, over the event log of DATA_DIR: first the floor, reading and parsing every
 * event in pages; then every read model built by the projection runner into the empty read store of
 * READS_DIR (the default embedded kind), until it holds them durably. Prints one JSON line.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const readsDir = process.env.READS_DIR;
  if (!dataDir || !readsDir) throw new Error('DATA_DIR (the event log) and READS_DIR (an empty folder for the read models) must be set');
  const events = await createEventStore({ dataDir });
  try {
    let started = performance.now();
    let read = 0;
    for (let position = 0; ; ) {
      const page = await events.readAll({ fromPosition: position, maxCount: PAGE });
      read += page.length;
      if (page.length < PAGE) break;
      position = page[page.length - 1].position;
    }
    const floorMs = performance.now() - started;
    const floorMaxRssBytes = peakRssBytes();

    const reads = await createReadStore({ dataDir: readsDir });
    const runner = new ProjectionRunner(events, reads, allProjections);
    try {
      started = performance.now();
      await runner.start();
      await reads.flush();
      const rebuildMs = performance.now() - started;
      const documents = Object.fromEntries((await runner.status()).map((status) => [status.name, status.documents]));
      console.log(JSON.stringify({ events: read, floorMs, floorMaxRssBytes, rebuildMs, maxRssBytes: peakRssBytes(), documents }));
    } finally {
      await runner.stop();
      await reads.close();
    }
  } finally {
    await events.close();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
