import { type EventStore, UpcastingEventStore } from '@ringcheck/projections';
import { SqliteEventStore } from './sqlite-event-store';

export interface EventStoreConfig {
  /** When set, events live in EventStoreDB/KurrentDB; otherwise in `<dataDir>/events.db`. */
  eventStoreConnectionString?: string;
  /** When set (postgres://), events live in that PostgreSQL database. */
  eventStoreUrl?: string;
  dataDir: string;
}

/** The configured adapter, behind the seam that upcasts stored events to their current schema version. */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  return new UpcastingEventStore(await openAdapter(config));
}

async function openAdapter(config: EventStoreConfig): Promise<EventStore> {
  const url = config.eventStoreUrl?.trim();
  if (url) {
    const { PostgresEventStore } = await import('./postgres-event-store');
    return PostgresEventStore.connect(url);
  }
  const connectionString = config.eventStoreConnectionString?.trim();
  if (connectionString) {
    // Loaded on demand: the gRPC client is only needed when EventStoreDB is configured.
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return EventStoreDbEventStore.connect(connectionString);
  }
  return SqliteEventStore.open(config.dataDir);
}
