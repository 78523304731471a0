import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from './create-event-store';
import { UpcastingEventStore } from '@ringcheck/projections';

describe('createEventStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-create-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the embedded SQLite store when no connection string is configured, behind the upcasting seam', async () => {
    for (const eventStoreConnectionString of [undefined, '', '  ']) {
      const store = await createEventStore({ eventStoreConnectionString, dataDir: dir });
      expect(store).toBeInstanceOf(UpcastingEventStore);
      expect(store.adapterName).toBe('sqlite');
      await store.close();
    }
  });

  it('uses EventStoreDB when a connection string is configured', async () => {
    const store = await createEventStore({ eventStoreConnectionString: 'esdb://127.0.0.1:1?tls=false', dataDir: dir });
    expect(store.adapterName).toBe('eventstoredb');
    await store.close();
  });

  it('uses PostgreSQL when EVENT_STORE_URL is configured, and says so when the server cannot be reached', async () => {
    await expect(createEventStore({ eventStoreUrl: 'postgres://127.0.0.1:1/ringcheck', dataDir: dir })).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      adapter: 'postgres',
    });
  });
});
