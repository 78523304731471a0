import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type NewEvent, StoreUnavailableError } from '@ringcheck/projections';
import { eventually } from '../../../test/eventually';
import { describeEventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

function newEvent(index: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'NodeWroteSomething',
    data: { index },
    metadata: { correlationId: randomUUID(), actor: 'system', occurredAt: '2026-11-28T09:00:00.000Z', schemaVersion: 1 },
  };
}

describe('PostgresEventStore without a reachable server', () => {
  it('fails to connect with StoreUnavailableError naming the server, not its password', async () => {
    const failure = await PostgresEventStore.connect('postgres://someone:secret@127.0.0.1:1/ringcheck').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as StoreUnavailableError).reason).toMatch(/127\.0\.0\.1:1\/ringcheck.*ECONNREFUSED/);
    expect((failure as Error).message).not.toContain('secret');
  });
});

const url = process.env.POSTGRES_URL;

if (url) {
  describeEventStoreContract('PostgreSQL', async () => {
    const store = await PostgresEventStore.connect(url);
    return { store, cleanup: () => store.close() };
  });

  describe('PostgresEventStore appends sent together (one group)', () => {
    let store: PostgresEventStore;

    beforeEach(async () => {
      store = await PostgresEventStore.connect(url, { poolSize: 2 });
    });

    afterEach(() => store.close());

    it('writes appends to many streams, new and old, each at its next revision', async () => {
      const streams = Array.from({ length: 20 }, (_, index) => `group-${index}-${randomUUID()}`);
      await Promise.all(streams.slice(0, 10).map((stream, index) => store.appendToStream(stream, [newEvent(index)], { expectedRevision: 'no_stream' })));
      const results = await Promise.all(
        streams.map((stream, index) => store.appendToStream(stream, [newEvent(index), newEvent(index)], { expectedRevision: index < 10 ? 0 : 'no_stream' })),
      );
      expect(results.map((result) => result.nextExpectedRevision)).toEqual(streams.map((_, index) => (index < 10 ? 2 : 1)));
      const positions = results.map((result) => result.position).sort((a, b) => a - b);
      expect(new Set(positions).size).toBe(20);
      for (const [index, stream] of streams.entries()) {
        expect((await store.readStream(stream)).map((event) => event.revision)).toEqual(index < 10 ? [0, 1, 2] : [0, 1]);
      }
    });

    it('answers a batch sent twice at once with an exact revision as stored once', async () => {
      const stream = `twice-exact-${randomUUID()}`;
      const batch = [newEvent(1), newEvent(2)];
      const [first, second, beside] = await Promise.all([
        store.appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
        store.appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
        store.appendToStream(`beside-${randomUUID()}`, [newEvent(3)], { expectedRevision: 'no_stream' }),
      ]);
      expect(second).toEqual(first);
      expect(beside.position).toBe(first.position + 1);
      expect((await store.readStream(stream)).map((event) => event.id)).toEqual(batch.map((event) => event.id));
    });

    it('answers a batch sent twice at once without an exact revision as stored once', async () => {
      const stream = `twice-any-${randomUUID()}`;
      const batch = [newEvent(1)];
      const [first, second] = await Promise.all([store.appendToStream(stream, batch), store.appendToStream(stream, batch)]);
      expect(second).toEqual(first);
      expect((await store.readStream(stream)).map((event) => event.id)).toEqual(batch.map((event) => event.id));
    });

    it('refuses a conflicting append on a stream the same group wrote, and keeps the one before it', async () => {
      const stream = `conflict-${randomUUID()}`;
      const results = await Promise.allSettled([
        store.appendToStream(stream, [newEvent(1)], { expectedRevision: 'no_stream' }),
        store.appendToStream(stream, [newEvent(2)], { expectedRevision: 'no_stream' }),
        store.appendToStream(stream, [newEvent(3)], { expectedRevision: 0 }),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(stream)).map((event) => (event.data as { index: number }).index)).toEqual([1, 3]);
    });
  });

  describe('PostgresEventStore shared by several nodes', () => {
    let nodes: PostgresEventStore[];

    beforeEach(async () => {
      nodes = await Promise.all([0, 1, 2].map(() => PostgresEventStore.connect(url, { poolSize: 4 })));
    });

    afterEach(async () => {
      await Promise.all(nodes.map((node) => node.close()));
    });

    it('never lets a reader see a position before every earlier one is readable, while two nodes write at once', async () => {
      const [a, b, reader] = nodes as [PostgresEventStore, PostgresEventStore, PostgresEventStore];
      const start = await reader.headPosition();
      let writing = true;
      const gaps: string[] = [];
      const watch = (async () => {
        while (writing) {
          const seen = await reader.readAll({ fromPosition: start });
          seen.forEach((event, index) => {
            if (event.position !== start + index + 1) gaps.push(`${start + index + 1} missing, ${event.position} seen`);
          });
        }
      })();
      const appends = Array.from({ length: 400 }, (_, index) =>
        (index % 2 === 0 ? a : b).appendToStream(`gapcheck-${index % 40}-${start}`, [newEvent(index)]),
      );
      await Promise.all(appends);
      writing = false;
      await watch;
      expect(gaps).toEqual([]);
      const all = await reader.readAll({ fromPosition: start });
      expect(all.map((event) => event.position)).toEqual(Array.from({ length: 400 }, (_, index) => start + index + 1));
    });

    it('lets exactly one node win when two append to one stream at the same expected revision', async () => {
      const [a, b] = nodes as [PostgresEventStore, PostgresEventStore];
      const stream = `race-${randomUUID()}`;
      await a.appendToStream(stream, [newEvent(0)]);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? a : b).appendToStream(stream, [newEvent(index + 1)], { expectedRevision: 0 })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConcurrencyError);
      }
      expect(await b.readStream(stream)).toHaveLength(2);
    });

    it("wakes another node's subscription with the events a node commits, in order", async () => {
      const [a, , follower] = nodes as [PostgresEventStore, PostgresEventStore, PostgresEventStore];
      const stream = `followed-${randomUUID()}`;
      const seen: number[] = [];
      const subscription = follower.subscribeToAll(
        (event) => {
          if (event.streamId === stream) seen.push((event.data as { index: number }).index);
        },
        { fromPosition: await follower.headPosition() },
      );
      try {
        for (let index = 0; index < 5; index += 1) await a.appendToStream(stream, [newEvent(index)]);
        await eventually('the five events on the other node', () => seen.length === 5, { timeoutMs: 2000 });
        expect(seen).toEqual([0, 1, 2, 3, 4]);
      } finally {
        await subscription.close();
      }
    });
  });
} else {
  const reason = 'POSTGRES_URL not set: skipping the PostgreSQL event store contract suite';
  console.warn(reason);
  describe.skip(reason, () => {
    it('runs the event store contract against PostgreSQL', () => undefined);
  });
}
