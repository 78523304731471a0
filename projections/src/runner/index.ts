export * from './apply-batch';
export * from './backoff';
export * from './checkpoints';
export * from './projection-runner';
export * from './rebuild-pacer';
export * from './rebuild-request';
export * from './runner-lease';
export * from './state-writes';
