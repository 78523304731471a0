/**
 * A collection loader's thread: writes the documents and key rows of collections being loaded, on a
 * connection of its own, while the main thread goes on reading and evolving the events that make them.
 * Each message is one transaction. It keeps, for each table, which documents were written again and
 * from which row of the keys table their keys are current (see collection-loading.ts), and hands those
 * notes back when the table is released.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';
import { NO_CURRENT_KEYS } from './collection-loading';
import { CollectionTables } from './collection-tables';
import { decodeWrites, LoaderSlot, type LoaderMessage, type LoaderReply, type LoaderThreadData, type LoadOp } from './collection-loader-protocol';
import { LoadingKeyRows } from './loading-key-rows';

interface LoadedTable {
  tables: CollectionTables;
  notes: Map<string, number>;
}

const { file, slots } = workerData as LoaderThreadData;
const flags = new Int32Array(slots);
// The main thread's connection takes the write lock only for short transactions of other collections.
const db = new Database(file, { timeout: 10_000 });
db.exec('PRAGMA synchronous = NORMAL');
// Appends mostly: the pages it writes again are those of the documents' id index.
db.exec('PRAGMA cache_size = -4096');
const loaded = new Map<number, LoadedTable>();
let replies: MessagePort | undefined;

parentPort!.on('message', (message: LoaderMessage) => {
  try {
    handle(message);
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: unknown };
    Atomics.store(flags, LoaderSlot.Failed, 1);
    replies?.postMessage({ seq: message.seq, error: { message: text, code: typeof code === 'string' ? code : undefined } } satisfies LoaderReply);
  } finally {
    Atomics.store(flags, LoaderSlot.Done, message.seq);
    Atomics.notify(flags, LoaderSlot.Done);
  }
});

function handle(message: LoaderMessage): void {
  switch (message.kind) {
    case 'connect':
      replies = message.replies;
      return;
    case 'write':
      transaction(() => write(decodeWrites(message.writes)));
      Atomics.add(flags, LoaderSlot.Commits, 1);
      return;
    case 'release': {
      const notes = [...(loaded.get(message.table)?.notes ?? [])];
      loaded.delete(message.table);
      replies!.postMessage({ seq: message.seq, notes } satisfies LoaderReply);
      return;
    }
    case 'close':
      db.close();
      parentPort!.close();
      replies?.close();
  }
}

/** Errors roll the transaction back; the thread is then failed, and what it loaded is abandoned. */
function transaction(work: () => void): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    work();
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function write(writes: readonly [number, LoadOp[]][]): void {
  const keys = new LoadingKeyRows<LoadedTable>();
  const note = (table: LoadedTable, id: string, from: number) => table.notes.set(id, from);
  for (const [number, ops] of writes) {
    const table = tableOf(number);
    for (const op of ops) {
      if ('deleted' in op) {
        table.tables.deleteDocument(op.id, false);
        // Rows gathered for it before are written first, so that this note comes after theirs.
        keys.write(note);
        table.notes.set(op.id, NO_CURRENT_KEYS);
        continue;
      }
      if (!op.isNew) table.tables.upsert(op.id, op.text, op.tagged);
      else if (!table.tables.insert(op.id, op.text, op.tagged)) throw new Error(`A document ${op.id} sent as new to ${table.tables.documents} is there already`);
      keys.add(table, op.keys, !op.isNew || table.notes.has(op.id) ? op.id : undefined);
    }
  }
  keys.write(note);
}

function tableOf(number: number): LoadedTable {
  let table = loaded.get(number);
  if (!table) loaded.set(number, (table = { tables: new CollectionTables(db, number), notes: new Map() }));
  return table;
}
