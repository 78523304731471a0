import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventUnion, type ReadStreamOptions } from '@ringcheck/projections';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store';
import { systemContext } from './command-context';
import type { Decider } from './decider';
import { executeCommand } from './execute-command';
import { loadStream } from './load-stream';
import { recentStates } from './recent-states';
import { SNAPSHOT_EVERY, SNAPSHOTS_COLLECTION, StreamSnapshots, streamSnapshots } from './stream-snapshots';

type Added = { type: 'Added'; data: { item: string } };
interface Bag {
  items: Set<string>;
}

/** Each command adds an item; the state is a set, kept as an array in its snapshots. */
const bag: Decider<string, Bag, Added> = {
  events: eventUnion<Added>('bag', { Added: true }),
  initialState: () => ({ items: new Set() }),
  evolve: (state, event) => {
    state.items.add(event.data.item);
    return state;
  },
  decide: (item, state) => (state.items.has(item) ? [] : [{ type: 'Added', data: { item } }]),
  snapshot: {
    version: 1,
    encode: (state) => ({ items: [...state.items] }),
    decode: (stored) => ({ items: new Set((stored as { items: string[] }).items) }),
  },
};

const STREAM = 'bag-1';
const itemsOf = (state: Bag) => [...state.items].sort();

describe('stream snapshots', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: EmbeddedReadStore;
  let readsFrom: (number | undefined)[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-snapshots-'));
    events = SqliteEventStore.open(join(dir, 'events'));
    reads = await EmbeddedReadStore.open(join(dir, 'reads'));
    streamSnapshots.attach(events, new StreamSnapshots(reads.collection(SNAPSHOTS_COLLECTION)));
    readsFrom = [];
    const readStream = events.readStream.bind(events);
    events.readStream = (streamId: string, options?: ReadStreamOptions) => {
      readsFrom.push(options?.fromRevision);
      return readStream(streamId, options);
    };
  });

  afterEach(async () => {
    recentStates.forget(events, STREAM);
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `item-${from + i}`);
  const snapshotDocument = () => reads.collection<{ _id: string; revision: number; kind: string }>(SNAPSHOTS_COLLECTION).findOne({ _id: STREAM });
  async function commands(items: string[]): Promise<void> {
    for (const item of items) await executeCommand(events, STREAM, bag, item, systemContext());
    // Written without being waited for: given a moment.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('keeps one each time the stream passes a multiple of its interval, and a command then reads only the events after it', async () => {
    await commands(add(2 * SNAPSHOT_EVERY + 50));
    expect(await snapshotDocument()).toMatchObject({ revision: 2 * SNAPSHOT_EVERY - 1 });

    // The state of a stream this long is not kept between commands: the next one reads from the snapshot.
    readsFrom = [];
    const outcome = await executeCommand(events, STREAM, bag, 'one more', systemContext());
    expect(readsFrom).toEqual([2 * SNAPSHOT_EVERY]);
    expect(outcome.revision).toBe(2 * SNAPSHOT_EVERY + 50);
    expect(itemsOf(outcome.state)).toEqual([...add(2 * SNAPSHOT_EVERY + 50), 'one more'].sort());

    // A command that decides nothing answers the stream's head from the snapshot and the events after it.
    recentStates.forget(events, STREAM);
    const again = await executeCommand(events, STREAM, bag, 'item-3', systemContext());
    expect(again.events).toEqual([]);
    expect(again.position).toBe((await events.readStream(STREAM)).at(-1)!.position);
  });

  it('keeps the state of a short stream between commands, and not that of one long enough to have a snapshot', async () => {
    await commands(add(SNAPSHOT_EVERY - 2));
    readsFrom = [];
    await commands(['short']);
    expect(readsFrom).toEqual([]);
    await commands(['the hundredth', 'after it']);
    expect(readsFrom).toEqual([SNAPSHOT_EVERY]);
  });

  it('answers a stream that ends at its snapshot with the snapshot’s revision and position', async () => {
    await commands(add(SNAPSHOT_EVERY));
    const loaded = await loadStream(events, STREAM, bag);
    expect(readsFrom.at(-1)).toBe(SNAPSHOT_EVERY);
    const last = (await events.readStream(STREAM)).at(-1)!;
    expect(loaded).toMatchObject({ revision: last.revision, position: last.position });
    expect(itemsOf(loaded.state)).toEqual(add(SNAPSHOT_EVERY).sort());
  });

  it('ignores a snapshot of another codec version or another evolve, or one it cannot decode, and reads the stream whole', async () => {
    await commands(add(SNAPSHOT_EVERY + 10));
    const whole = add(SNAPSHOT_EVERY + 10).sort();
    for (const other of [
      { ...bag, snapshot: { ...bag.snapshot!, version: 2 } },
      { ...bag, evolve: (state: Bag, event: Added) => bag.evolve(state, event) },
      {
        ...bag,
        snapshot: {
          ...bag.snapshot!,
          decode: () => {
            throw new Error('not a bag');
          },
        },
      },
    ]) {
      readsFrom = [];
      const loaded = await loadStream(events, STREAM, other);
      // The version and the evolve are told apart before decoding; the last one fails in decoding.
      expect(readsFrom).toEqual([undefined]);
      expect(itemsOf(loaded.state)).toEqual(whole);
    }
  });

  it('reads the stream whole when the store of snapshots cannot answer', async () => {
    await commands(add(SNAPSHOT_EVERY + 5));
    await reads.close();
    recentStates.forget(events, STREAM);
    readsFrom = [];
    const outcome = await executeCommand(events, STREAM, bag, 'after the outage', systemContext());
    expect(readsFrom).toEqual([undefined]);
    expect(outcome.state.items.size).toBe(SNAPSHOT_EVERY + 6);
  });
});
