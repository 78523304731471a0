export * from './sqlite-errors';
export * from './write-transaction';
