import type { StoredDocument } from '../projection';
import type { ProjectionCheckpoint } from './checkpoints';
import { type BatchWrites, PendingWrites } from './pending-writes';

const doc = (id: string, position: number): StoredDocument => ({ _id: id, _position: position, _rooms: [] });
const checkpoint = (name: string, position: number): ProjectionCheckpoint => ({ _id: name, version: 1, collection: `${name}_v1`, position, updatedAt: '' });

/** A batch ending at `last` that stores the given documents (null: deleted) in `calls_v1`. */
function batch(last: number, documents: Record<string, StoredDocument | null>, changed = true): BatchWrites {
  const states = new Map(Object.entries(documents).map(([id, document]) => [id, { id, at: last, document }]));
  return {
    last,
    states: new Map([['calls_v1', states]]),
    advanced: new Map([['calls', { checkpoint: checkpoint('calls', last), changed }]]),
    rebuildRequests: [],
  };
}

describe('PendingWrites', () => {
  it('answers the newest state not written yet, a deletion as null, and nothing for what it does not hold', () => {
    const pending = new PendingWrites();
    pending.add(batch(1, { a: doc('a', 1), b: doc('b', 1) }));
    pending.add(batch(2, { a: doc('a', 2), b: null }));
    expect(pending.get('calls_v1', 'a')?._position).toBe(2);
    expect(pending.get('calls_v1', 'b')).toBeNull();
    expect(pending.get('calls_v1', 'c')).toBeUndefined();
    expect(pending.get('calls_v2', 'a')).toBeUndefined();
    expect(pending.size).toBe(2);
    expect(pending.batches).toBe(2);
  });

  it('takes every queued batch as one: each document at its latest state, each projection at its last checkpoint', () => {
    const pending = new PendingWrites();
    pending.add(batch(1, { a: doc('a', 1) }));
    pending.add(batch(2, { a: doc('a', 2), b: doc('b', 2) }, false));
    const merged = pending.take()!;
    expect(merged.last).toBe(2);
    expect([...merged.states.get('calls_v1')!.values()].map((state) => [state.id, state.at])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    // Changed in the first batch, not the second: its checkpoint is still written.
    expect(merged.advanced.get('calls')).toMatchObject({ checkpoint: { position: 2 }, changed: true });
    expect(pending.batches).toBe(0);
    expect(pending.take()).toBeUndefined();
  });

  it('puts a failed write back first, to go with what queued since, and forgets a written state unless a later batch changed it', () => {
    const pending = new PendingWrites();
    pending.add(batch(1, { a: doc('a', 1), b: doc('b', 1) }));
    const failed = pending.take()!;
    pending.add(batch(2, { a: doc('a', 2) }));
    pending.requeue(failed);
    const again = pending.take()!;
    expect(again.last).toBe(2);
    expect([...again.states.get('calls_v1')!.values()].map((state) => [state.id, state.at])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    pending.add(batch(3, { b: doc('b', 3) }));
    pending.written(again);
    expect(pending.get('calls_v1', 'a')).toBeUndefined();
    expect(pending.get('calls_v1', 'b')?._position).toBe(3);
    expect(pending.size).toBe(1);
    pending.clear();
    expect([pending.size, pending.batches, pending.get('calls_v1', 'a')]).toEqual([0, 0, undefined]);
  });
});
