export * from './command-context';
export * from './decider';
export * from './domain-error';
export * from './execute-command';
export * from './retry-while-store-unavailable';
export * from './load-stream';
export * from './stream-snapshots';
