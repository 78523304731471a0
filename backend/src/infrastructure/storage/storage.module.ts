import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { allProjections, type EventStore, ProjectionRunner, type ReadStore, ReadStoreLease } from '@ringcheck/projections';
import { APP_CONFIG, type AppConfig } from '../config';
import { createEventStore } from '../event-store';
import { SNAPSHOTS_COLLECTION, StreamSnapshots, streamSnapshots } from '../event-sourcing';
import { createReadStore } from '../read-store';
import { NODE_ID, storesAreShared } from './node-identity';
import { ReadModelChanges } from './read-model-changes';
import { EVENT_STORE, PROJECTION_RUNNER, READ_STORE } from './storage.tokens';

/**
 * How long the node running the projections holds them unless it renews (every third of it): others take
 * over within about this plus a third. Three seconds made a busy leader lose it now and then.
 */
const PROJECTIONS_LEASE_TTL_MS = 5000;

/**
 * The embedded stores answer on the event loop, so a rebuild beside serving holds requests up for as
 * long as each of its turns. Rebuilding 20,000 calls beside 200 requests a second, turns of 1,000 events
 * and 100 documents held them 22-41 ms at p50 and 74-140 ms at p99; these turns 3-4 and 16-24 ms, for a
 * rebuild 9 % longer. It works in these whenever something else waits for the event loop, in larger ones
 * while nothing does (see RebuildPacer). Over a network (MongoDB) the event loop is free while each write
 * travels.
 */
const EMBEDDED_REBUILD_SLICE = { events: 100, documents: 10 };
/** Documents the projections keep between batches on MongoDB (calls in progress are touched again and again). */
const KEPT_DOCUMENTS = 500;

/**
 * Opens the event store and read store chosen by configuration and starts the projection runner
 * (it has caught up before the application starts listening).
 */
@Global()
@Module({
  providers: [
    ReadModelChanges,
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createEventStore(config),
    },
    {
      provide: READ_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createReadStore({ mongodbUri: config.mongodbUri, mongodbDb: config.mongodbDb, dataDir: config.dataDir }),
    },
    {
      provide: PROJECTION_RUNNER,
      inject: [EVENT_STORE, READ_STORE, ReadModelChanges, APP_CONFIG],
      useFactory: async (events: EventStore, reads: ReadStore, changes: ReadModelChanges, config: AppConfig) => {
        const logger = new Logger('Projections');
        const runner = new ProjectionRunner(events, reads, allProjections, {
          onChange: (batch) => changes.publish(batch),
          rebuildInBackground: true,
          // Stores several nodes may share: one of them at a time runs the projections.
          lease: storesAreShared(config) ? new ReadStoreLease(reads, { holder: NODE_ID, ttlMs: PROJECTIONS_LEASE_TTL_MS }) : undefined,
          logger: { warn: (m) => logger.warn(m), error: (m) => logger.error(m) },
          rebuildSlice: config.mongodbUri ? undefined : EMBEDDED_REBUILD_SLICE,
          // MongoDB is across the network; the embedded store keeps its own cache of documents.
          keptDocuments: config.mongodbUri ? KEPT_DOCUMENTS : undefined,
        });
        await runner.start();
        return runner;
      },
    },
  ],
  exports: [EVENT_STORE, READ_STORE, PROJECTION_RUNNER, ReadModelChanges],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {
    // Commands on streams that grow all their life (a user's, a workspace's) start from a snapshot.
    streamSnapshots.attach(events, new StreamSnapshots(reads.collection(SNAPSHOTS_COLLECTION)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.reads.close();
    await this.events.close();
  }
}
