export * from './read-model-changes';
export * from './storage.module';
export * from './storage.tokens';
export * from './server-pid-file';
export * from './node-identity';
export * from './work-leases';
