import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { allProjections, callsProjection, FULL_SLICE, ProjectionRunner } from '@ringcheck/projections';
import Database from 'libsql';
import { createEventStore } from '../../infrastructure/event-store';
import { createReadStore } from '../../infrastructure/read-store';
import { peakRssBytes } from '../stats';

/** Events a page, as the rebuild (the server stopped) reads them. */
const PAGE = FULL_SLICE.events;

/**
 * Rebuilds the calls read model of the data folder DATA_DIR (the server stopped) in a process of its own,
 * so its peak memory is the rebuild's, and prints one JSON line: the rebuild's milliseconds (to the read
 * store holding it durably), the documents built, and the process's peak RSS in bytes. First the floor of
 * reading: reading and parsing the events the projection handles, in the same pages, and nothing else.
 * Last the floor of writing: the built documents' JSON, made beforehand, inserted into a table of the
 * same shape by raw libsql, as many a transaction as the rebuild writes, with the same pragmas.
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
    const maxRssBytes = peakRssBytes();
    const documents = (await reads.collection(rebuilt.collection).find({})).map((document): [string, string] => [document._id, JSON.stringify(document)]);
    const writeFloorMs = writingFloorMs(dataDir, documents);
    console.log(JSON.stringify({ ms, floorMs, writeFloorMs, events: read, documents: rebuilt.documents, position: rebuilt.position, maxRssBytes }));
  } finally {
    await runner.stop();
    await reads.close();
    await events.close();
  }
}

function writingFloorMs(dataDir: string, documents: readonly [id: string, text: string][]): number {
  const dir = mkdtempSync(join(dataDir, 'write-floor-'));
  const db = new Database(join(dir, 'floor.db'));
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384');
    db.exec('CREATE TABLE documents (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO documents (id, doc) VALUES (?, ?)');
    const started = performance.now();
    for (let start = 0; start < documents.length; start += FULL_SLICE.documents) {
      db.exec('BEGIN IMMEDIATE');
      for (const [id, text] of documents.slice(start, start + FULL_SLICE.documents)) insert.run(id, text);
      db.exec('COMMIT');
    }
    return performance.now() - started;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
