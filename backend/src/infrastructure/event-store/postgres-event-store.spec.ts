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
