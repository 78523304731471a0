/**
 * A collection loader's thread: writes the documents and key rows of collections being loaded, on a
 * connection of its own, while the main thread goes on reading and evolving the events that make them.
 * Each message is one transaction. It keeps, for each table, which documents were written again and
 * from which row of the keys table their keys are current (see collection-loading.ts), and hands those
 * notes back when the table is released.
 */
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
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
/**
 * Document text one transaction takes at most, in UTF-16 code units, when it takes the writes queued
 * behind its own: the main thread's writes wait for the lock meanwhile (4 MB: tens of milliseconds).
 */
const TRANSACTION_CHARS = 4 * 1024 * 1024;

const loaded = new Map<number, LoadedTable>();
let replies: MessagePort | undefined;

parentPort!.on('message', (first: LoaderMessage) => {
  for (let message: LoaderMessage | undefined = first; message; ) {
    let last = message.seq;
    let after: LoaderMessage | undefined;
    try {
      if (message.kind === 'write') writeQueued(message, (seq) => (last = seq), (next) => (after = next));
      else handle(message);
    } catch (error) {
      const { message: text, code } = error as { message: string; code?: unknown };
      Atomics.store(flags, LoaderSlot.Failed, 1);
      replies?.postMessage({ seq: last, error: { message: text, code: typeof code === 'string' ? code : undefined } } satisfies LoaderReply);
    } finally {
      Atomics.store(flags, LoaderSlot.Done, last);
      Atomics.notify(flags, LoaderSlot.Done);
    }
    message = after;
  }
});

/**
 * One transaction for this write and the writes queued behind it (a rebuild beside serving sends a few
 * documents a turn; a transaction each cost more than writing them), each told to `taken` as it is
 * taken from the queue; the message after them, taken from the queue already, is handed to `after`
 * (whether the transaction commits or not).
 */
function writeQueued(message: Extract<LoaderMessage, { kind: 'write' }>, taken: (seq: number) => void, after: (next: LoaderMessage) => void): void {
  transaction(() => {
    let chars = write(decodeWrites(message.writes));
    while (chars < TRANSACTION_CHARS) {
      const queued = receiveMessageOnPort(parentPort!)?.message as LoaderMessage | undefined;
      if (!queued) break;
      if (queued.kind !== 'write') {
        after(queued);
        break;
      }
      taken(queued.seq);
      chars += write(decodeWrites(queued.writes));
    }
  });
  Atomics.add(flags, LoaderSlot.Commits, 1);
}

function handle(message: LoaderMessage): void {
  switch (message.kind) {
    case 'connect':
      replies = message.replies;
      return;
    case 'release': {
      const notes = [...(loaded.get(message.table)?.notes ?? [])];
      loaded.delete(message.table);
      replies!.postMessage({ seq: message.seq, notes } satisfies LoaderReply);
      return;
    }
    case 'finish': {
      const table = tableOf(message.table);
      loaded.delete(message.table);
      transaction(() => {
        if (table.notes.size > 0) table.tables.deleteKeysBefore(table.notes);
        table.tables.createKeyIndexes();
      });
      Atomics.add(flags, LoaderSlot.Commits, 1);
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

/** Writes in the open transaction; answers the document text written, in UTF-16 code units. */
function write(writes: readonly [number, LoadOp[]][]): number {
  let chars = 0;
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
      chars += op.text.length;
      if (!op.isNew) table.tables.upsert(op.id, op.text, op.tagged);
      else if (!table.tables.insert(op.id, op.text, op.tagged)) throw new Error(`A document ${op.id} sent as new to ${table.tables.documents} is there already`);
      keys.add(table, op.keys, !op.isNew || table.notes.has(op.id) ? op.id : undefined);
    }
  }
  keys.write(note);
  return chars;
}

function tableOf(number: number): LoadedTable {
  let table = loaded.get(number);
  if (!table) loaded.set(number, (table = { tables: new CollectionTables(db, number), notes: new Map() }));
  return table;
}
