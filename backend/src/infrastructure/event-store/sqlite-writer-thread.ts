/**
 * The event store's writer thread: one connection that commits the groups the store posts, one at a
 * time, so neither the sync nor a wait for another process's write lock holds up the main event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';
import { WalCheckpointer } from '../sqlite/wal-checkpointer';
import { type GroupReply, engineFailure, type WriterThreadOptions } from './group-commit-protocol';
import { SqliteGroupWriter } from './sqlite-group-writer';
import { decodeGroup, encodeReply, transferablesOf, type WriterRequest } from './writer-thread-codec';

const options = workerData as WriterThreadOptions;
const port = parentPort!;
let db: Database.Database | undefined;
let writer: SqliteGroupWriter | undefined;
let checkpointer: WalCheckpointer | undefined;

function openWriter(): SqliteGroupWriter {
  // Waiting for another process's write lock blocks only this thread, so SQLite's own busy wait serves.
  db = new Database(options.file, { timeout: options.busyTimeoutMs });
  try {
    db.exec(`PRAGMA synchronous = ${options.synchronous}`);
    // Index pages of random stream ids and UUIDs are touched all over: a large page cache and fewer,
    // larger checkpoints keep appends cheap; past a few megabytes of log they move to a thread of their own.
    db.exec('PRAGMA cache_size = -65536');
    db.exec('PRAGMA wal_autocheckpoint = 10000');
    checkpointer = new WalCheckpointer(db, options.file);
    return new SqliteGroupWriter(db);
  } catch (error) {
    db.close();
    db = undefined;
    throw error;
  }
}

port.on('message', (request: WriterRequest) => {
  if (request.kind === 'close') {
    void (checkpointer?.stop() ?? Promise.resolve()).finally(() => {
      db?.close();
      port.close();
    });
    return;
  }
  let reply: GroupReply;
  try {
    writer ??= openWriter();
    reply = writer.write(decodeGroup(request.group));
    checkpointer!.committed();
  } catch (error) {
    reply = { groupFailure: engineFailure(error) };
  }
  const encoded = encodeReply(reply);
  port.postMessage(encoded, transferablesOf(encoded));
});
