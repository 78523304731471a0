import 'reflect-metadata';
import { allProjections, callsProjection, FULL_SLICE, ProjectionRunner } from '@ringcheck/projections';
import { createEventStore } from '../../infrastructure/event-store';
import { createReadStore } from '../../infrastructure/read-store';
import { peakRssBytes } from '../stats';

/** Events a page, as the rebuild (the server stopped) reads them. */
const PAGE = FULL_SLICE.events;

/**
 * Rebuilds the calls read model of the data folder DATA_DIR (the server stopped) in a process of its own,
 * so its peak memory is the rebuild's, and prints one JSON line: the rebuild's milliseconds (to the read
 * store holding it durably), the documents built, and the process's peak RSS in bytes. First the floor:
 * reading and parsing the events the projection handles, in the same pages, and nothing else.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must name the data folder to rebuild');
  const events = await createEventStore({ dataDir });
  const reads = await createReadStore({ dataDir });
  const runner = new ProjectionRunner(events, reads, allProjections);
  try {
    let started = performance.now();
    let read = 0;
    for (let position = 0; ; ) {
      const page = await events.readAll({ fromPosition: position, maxCount: PAGE, types: callsProjection.handles });
      read += page.length;
      if (page.length < PAGE) break;
      position = page[page.length - 1].position;
    }
    const floorMs = performance.now() - started;
    await runner.prepare();
    started = performance.now();
    const rebuilt = await runner.rebuild('calls');
    await reads.flush();
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, floorMs, events: read, documents: rebuilt.documents, position: rebuilt.position, maxRssBytes: peakRssBytes() }));
  } finally {
    await runner.stop();
    await reads.close();
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
