import type { ReadStore } from '@ringcheck/projections';
import { EmbeddedReadStore } from './embedded-read-store';

export interface ReadStoreConfig {
  /** When set, read models live in this MongoDB database; otherwise in the embedded store. */
  mongodbUri?: string;
  /** MongoDB database name; defaults to the URI's path, then `ringcheck`. */
  mongodbDb?: string;
  /** Directory of the embedded store's `read-models.db`. */
  dataDir: string;
}

export async function createReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.mongodbUri) {
    // Loaded on demand: the MongoDB driver is only needed when MongoDB is configured.
    const { MongoReadStore } = await import('./mongo-read-store');
    return MongoReadStore.connect(config.mongodbUri, config.mongodbDb || undefined);
  }
  return EmbeddedReadStore.open(config.dataDir);
}
