export { createReadStore, type ReadStoreConfig } from './create-read-store';
export { EmbeddedReadStore, READ_MODELS_FILE, type EmbeddedReadStoreOptions } from './embedded-read-store';
// Type-only, so importing this folder does not load the MongoDB driver (createReadStore loads it on demand).
export type { MongoReadStore } from './mongo-read-store';
