export * from './sqlite-errors';
export * from './write-transaction';
export * from './wal-checkpointer';
