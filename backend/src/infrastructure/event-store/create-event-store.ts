import type { EventStore } from '@ringcheck/projections';
import { SqliteEventStore } from './sqlite-event-store';

export interface EventStoreConfig {
  /** When set, events live in EventStoreDB/KurrentDB; otherwise in `<dataDir>/events.db`. */
  eventStoreConnectionString?: string;
  dataDir: string;
}

export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  const connectionString = config.eventStoreConnectionString?.trim();
  if (connectionString) {
    // Loaded on demand: the gRPC client is only needed when EventStoreDB is configured.
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return EventStoreDbEventStore.connect(connectionString);
  }
  return SqliteEventStore.open(config.dataDir);
}
