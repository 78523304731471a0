export { createReadStore, type ReadStoreConfig } from './create-read-store';
export { EmbeddedReadStore, READ_MODELS_FILE, type EmbeddedReadStoreOptions } from './embedded-read-store';
export { MongoReadStore, DEFAULT_DATABASE_NAME, databaseNameFromUri } from './mongo-read-store';
