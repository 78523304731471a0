import type { MessagePort } from 'node:worker_threads';
import type { KeyRow } from './collection-tables';
import type { SqlKey } from './index-keys';

/** What the main thread and a collection loader's thread share. */
export interface LoaderThreadData {
  file: string;
  slots: SharedArrayBuffer;
}

export enum LoaderSlot {
  /** The number of the last message the thread has handled (written, released, failed). */
  Done = 0,
  /** Non-zero once a write failed: its error waits on the replies port. */
  Failed = 1,
  /** Transactions the thread has committed. */
  Commits = 2,
}

export const LOADER_SLOTS = 3;

/** A document to store in a collection being loaded (`isNew`: known not to be there), or one to delete. */
export type LoadOp = { id: string; text: string; tagged: boolean; isNew: boolean; keys: KeyRow[] } | { id: string; deleted: true };

export type LoaderMessage =
  | { kind: 'connect'; seq: number; replies: MessagePort }
  /** `writes` as encodeWrites made it. */
  | { kind: 'write'; seq: number; writes: LoadValue[] }
  | { kind: 'release'; seq: number; table: number }
  /** Makes the table's keys right and searchable (see finishLoading), and forgets it. */
  | { kind: 'finish'; seq: number; table: number }
  | { kind: 'close'; seq: number };

/** On the replies port: a released table's notes (see CollectionLoading.rekey), or why a message failed. */
export type LoaderReply = { seq: number; notes: [id: string, from: number][] } | { seq: number; error: { message: string; code?: string } };

type LoadValue = SqlKey | boolean | Uint8Array;

const PUT = 0;
const PUT_NEW = 1;
const DELETE = 2;

/**
 * The writes of one message as one flat array of strings and numbers: copied to the thread several
 * times faster than an object per document and key. Buffers go as byte arrays of their own, since a
 * small Buffer shares an 8 kB pool, which would be copied whole.
 */
export function encodeWrites(writes: readonly [table: number, ops: readonly LoadOp[]][]): LoadValue[] {
  const flat: LoadValue[] = [];
  for (const [table, ops] of writes) {
    flat.push(table, ops.length);
    for (const op of ops) {
      if ('deleted' in op) {
        flat.push(DELETE, op.id);
        continue;
      }
      flat.push(op.isNew ? PUT_NEW : PUT, op.id, op.text, op.tagged, op.keys.length);
      for (const { ix, tuple } of op.keys) {
        flat.push(ix, tuple.length);
        for (const key of tuple) flat.push(Buffer.isBuffer(key) ? new Uint8Array(key) : key);
      }
    }
  }
  return flat;
}

export function decodeWrites(flat: readonly LoadValue[]): [table: number, ops: LoadOp[]][] {
  const writes: [number, LoadOp[]][] = [];
  let at = 0;
  const next = () => flat[at++];
  while (at < flat.length) {
    const table = next() as number;
    const count = next() as number;
    const ops: LoadOp[] = [];
    for (let i = 0; i < count; i++) {
      const kind = next() as number;
      const id = next() as string;
      if (kind === DELETE) {
        ops.push({ id, deleted: true });
        continue;
      }
      const text = next() as string;
      const tagged = next() as boolean;
      const keys: KeyRow[] = Array.from({ length: next() as number }, () => {
        const ix = next() as number;
        const tuple = Array.from({ length: next() as number }, () => {
          const key = next();
          return key instanceof Uint8Array ? Buffer.from(key.buffer, key.byteOffset, key.byteLength) : (key as SqlKey);
        });
        return { ix, id, tuple };
      });
      ops.push({ id, text, tagged, isNew: kind === PUT_NEW, keys });
    }
    writes.push([table, ops]);
  }
  return writes;
}
