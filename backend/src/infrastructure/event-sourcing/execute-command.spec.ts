import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventUnion, newEvent } from '@ringcheck/projections';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { metadataFor, systemContext } from './command-context';
import type { Decider } from './decider';
import { executeCommand } from './execute-command';

type Counted = { type: 'Counted'; data: { count: number } };

/** Each command adds one to the count its stream holds, so every one of them must see the ones before. */
const counter: Decider<'count', number, Counted> = {
  events: eventUnion<Counted>('counter', { Counted: true }),
  initialState: () => 0,
  evolve: (_count, event) => event.data.count,
  decide: (_command, count) => [{ type: 'Counted', data: { count: count + 1 } }],
};

type Limited = 'count' | 'count-past-two';

/** The counter, and a command it accepts only once the count has passed two. */
const limited: Decider<Limited, number, Counted> = {
  ...counter,
  decide: (command, count) => {
    if (command === 'count-past-two' && count < 2) throw new Error(`count ${count} has not passed two`);
    return [{ type: 'Counted', data: { count: count + 1 } }];
  },
};

describe('executeCommand', () => {
  let dir: string;
  let store: SqliteEventStore;
  let reads: number;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-execute-'));
    store = SqliteEventStore.open(dir);
    reads = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = (...args) => {
      reads += 1;
      return readStream(...args);
    };
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Another writer's event on the stream, behind this process's back. */
  const appendElsewhere = (streamId: string, count: number, revision: number) =>
    store.appendToStream(streamId, [newEvent({ id: randomUUID(), type: 'Counted', data: { count } }, metadataFor(systemContext()))], { expectedRevision: revision });

  it('decides on the state its own last append left, without reading the stream again', async () => {
    for (let index = 0; index < 5; index += 1) await executeCommand(store, 'counter-own', counter, 'count', systemContext());
    expect(reads).toBe(1);
    expect((await store.readStream('counter-own')).map((event) => (event.data as Counted['data']).count)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads the stream again when another writer moved it, and decides on that', async () => {
    await executeCommand(store, 'counter-moved', counter, 'count', systemContext());
    await appendElsewhere('counter-moved', 10, 0);
    const outcome = await executeCommand(store, 'counter-moved', counter, 'count', systemContext());
    expect(outcome.state).toBe(11);
    expect((await store.readStream('counter-moved')).map((event) => (event.data as Counted['data']).count)).toEqual([1, 10, 11]);
  });

  it('decides again on the stream as read when the remembered state refuses the command', async () => {
    await executeCommand(store, 'counter-refused', limited, 'count', systemContext());
    await appendElsewhere('counter-refused', 2, 0);
    const outcome = await executeCommand(store, 'counter-refused', limited, 'count-past-two', systemContext());
    expect(outcome.state).toBe(3);
  });

  it('answers a command that appends nothing with the stream as read, not as remembered', async () => {
    const idle: Decider<'count' | 'nothing', number, Counted> = { ...counter, decide: (command, count) => (command === 'nothing' ? [] : counter.decide('count', count)) };
    await executeCommand(store, 'counter-idle', idle, 'count', systemContext());
    const moved = await appendElsewhere('counter-idle', 7, 0);
    const outcome = await executeCommand(store, 'counter-idle', idle, 'nothing', systemContext());
    expect(outcome).toEqual({ state: 7, events: [], position: moved.position, revision: 1 });
  });

  it('decides again after losing a race, until ten commands on one stream started together all land in turn', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => executeCommand(store, 'counter-1', counter, 'count', systemContext())));
    expect(outcomes.map((outcome) => outcome.state).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const stored = await store.readStream('counter-1');
    expect(stored.map((event) => (event.data as Counted['data']).count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});
