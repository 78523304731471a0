import type { EventStoreDbEventStore as EventStoreDbEventStoreClass } from './eventstoredb-event-store';
import { describeEventStoreContract } from './event-store.contract';

async function connect(connectionString: string): Promise<EventStoreDbEventStoreClass> {
  const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
  return EventStoreDbEventStore.connect(connectionString);
}

describe('EventStoreDbEventStore without a reachable server', () => {
  it('reports down in health() and fails reads instead of hanging', async () => {
    // Port 1 on the loopback interface refuses connections.
    const store = await connect('esdb://127.0.0.1:1?tls=false');
    try {
      const health = await store.health();
      expect(health).toMatchObject({ adapter: 'eventstoredb', state: 'down' });
      expect(health.detail).toMatch(/UNAVAILABLE|ECONNREFUSED/);
      await expect(store.readAll({ maxCount: 1 })).rejects.toThrow();
    } finally {
      await store.close();
    }
    await expect(store.health()).resolves.toEqual({ adapter: 'eventstoredb', state: 'down', detail: 'closed' });
  });
});

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = await connect(connectionString);
    return { store, cleanup: () => store.close() };
  });
} else {
  const reason = 'EVENTSTORE_CONNECTION_STRING not set: skipping the EventStoreDB contract suite';
  console.warn(reason);
  describe.skip(reason, () => {
    it('runs the event store contract against EventStoreDB', () => undefined);
  });
}
