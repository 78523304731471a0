export * from './apply-batch';
export * from './checkpoints';
export * from './projection-runner';
